import {
  type TelegramIntakeKey,
  type TelegramIntakeKeyCreate,
  telegramIntakeApi,
  telegramIntakeKeysApi,
} from '@aircargo/contract/incoming-telegrams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

export type { TelegramIntakeKey };

const KEYS = ['telegram-intake-keys'] as const;

/** Where a gateway posts its telegrams with one of these keys. */
export const INTAKE_PATH = telegramIntakeApi.intake.path;

export function useIntakeKeys(enabled: boolean) {
  return useQuery({
    queryKey: [...KEYS],
    queryFn: ({ signal }) => callApi(telegramIntakeKeysApi.list, { signal }),
    enabled,
  });
}

export function useCreateIntakeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramIntakeKeyCreate) => callApi(telegramIntakeKeysApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeIntakeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(telegramIntakeKeysApi.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}
