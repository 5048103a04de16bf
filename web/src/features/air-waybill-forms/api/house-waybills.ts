import {
  type HouseWaybill,
  type HouseWaybillCreate,
  type HouseWaybillUpdate,
  houseWaybillsApi,
} from '@aircargo/contract/house-waybills';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

export type { HouseWaybill };

const HOUSES = ['house-waybills'] as const;

/** The houses of a master with their totals beside the master's. */
export function useHouseWaybills(mawb: string) {
  return useQuery({
    queryKey: [...HOUSES, mawb, 'list'],
    queryFn: ({ signal }) => callApi(houseWaybillsApi.list, { params: { id: mawb }, signal }),
    enabled: mawb !== '',
  });
}

export function useHouseWaybill(mawb: string, id: number) {
  return useQuery({
    queryKey: [...HOUSES, mawb, 'detail', id],
    queryFn: ({ signal }) => callApi(houseWaybillsApi.get, { params: { id: mawb, house_id: id }, signal }),
    enabled: mawb !== '' && Number.isInteger(id) && id > 0,
  });
}

/** A house changes its master's houses and their totals, and the master's detail. */
function useSaving<A>(mutationFn: (args: A) => Promise<HouseWaybill>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: HOUSES }),
        client.invalidateQueries({ queryKey: ['air-waybills'] }),
      ]);
    },
  });
}

export const useCreateHouseWaybill = (mawb: string) =>
  useSaving((body: HouseWaybillCreate) => callApi(houseWaybillsApi.create, { params: { id: mawb }, body }));

export const useUpdateHouseWaybill = (mawb: string, id: number) =>
  useSaving((body: HouseWaybillUpdate) =>
    callApi(houseWaybillsApi.update, { params: { id: mawb, house_id: id }, body }),
  );
