import {
  airWaybillListApi,
  type WaybillListQueryInput,
  type WaybillListRow,
  type WaybillStatus,
} from '@aircargo/contract/air-waybill-lists';
import { type AirWaybillRecord, type AwbBooking, airWaybillsApi, type RateLine } from '@aircargo/contract/air-waybills';
import {
  ATTACHMENT_FILE_FIELD,
  type AttachmentDocType,
  type AttachmentRecord,
  attachmentRecord,
  attachmentsApi,
} from '@aircargo/contract/attachments';
import { type EndpointResult, pathOf } from '@aircargo/contract/endpoint';
import { type HouseWaybill, houseWaybillsApi, waybillMessagesApi } from '@aircargo/contract/house-waybills';
import { type Movement, type MovementCreate, movementCreate, movementsApi } from '@aircargo/contract/movements';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api/api-client';
import { callApi } from '@/lib/api/endpoint';
import { WAYBILLS } from './keys';

export type {
  AirWaybillRecord,
  AttachmentDocType,
  AttachmentRecord,
  AwbBooking,
  HouseWaybill,
  Movement,
  RateLine,
  WaybillListRow,
  WaybillStatus,
};

export const AIR_WAYBILLS_PATH = '/air-waybills';
export const SHIPMENTS_PATH = '/shipments';
export const shipmentPath = (mawb: string, sub?: 'fwb' | 'fhl' | 'billing' | 'edit-awb' | 'edit-booking') =>
  `${SHIPMENTS_PATH}/${encodeURIComponent(mawb)}${sub ? `/${sub}` : ''}`;
export const houseCreatePath = (mawb: string) =>
  `${AIR_WAYBILLS_PATH}/${encodeURIComponent(mawb)}/house-waybills/create`;
export const houseEditPath = (mawb: string, id: number) =>
  `${AIR_WAYBILLS_PATH}/${encodeURIComponent(mawb)}/house-waybills/${id}/edit`;

/** The flags a waybill's status and badges are read from (a list row's `flags` or the record itself). */
export interface WaybillFlags {
  booked: boolean;
  issued: boolean;
  delivered: boolean;
  verified: boolean;
  billed: boolean;
  departed: boolean;
  warning: boolean;
  voided: boolean;
  void_payment: 'required' | 'not_required' | null;
}

/** The furthest state the flags reach, as the list's status column names it (the server's order). */
export function waybillStatus(w: WaybillFlags): WaybillStatus {
  if (w.voided) return 'voided';
  if (w.billed) return 'billed';
  if (w.verified) return 'verified';
  if (w.delivered) return 'delivered';
  if (w.departed) return 'departed';
  if (w.issued) return 'issued';
  if (w.booked) return 'booked';
  return 'draft';
}

/** Which list: every waybill the caller may see, or the platform's staging list across companies. */
export type WaybillListKind = 'list' | 'agent';
const LIST_ENDPOINTS = { list: airWaybillListApi.list, agent: airWaybillListApi.agentList } as const;

/**
 * Keyset pages of a list. The paged layout shows one page (its cursor is in the query); the compact layout appends the
 * following pages on "load more".
 */
export function useAirWaybillList(kind: WaybillListKind, query: WaybillListQueryInput) {
  return useInfiniteQuery({
    queryKey: [...WAYBILLS, kind, query],
    queryFn: ({ signal, pageParam }) =>
      callApi(LIST_ENDPOINTS[kind], { query: pageParam ? { ...query, cursor: pageParam } : query, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** One waybill by its number (the server takes the id or the number). */
export function useAirWaybill(mawb: string) {
  return useQuery({
    queryKey: [...WAYBILLS, 'detail', mawb],
    queryFn: ({ signal }) => callApi(airWaybillsApi.get, { params: { id: mawb }, signal }),
    enabled: mawb !== '',
  });
}

export function useWaybillBookings(mawb: string) {
  return useQuery({
    queryKey: [...WAYBILLS, 'bookings', mawb],
    queryFn: ({ signal }) => callApi(airWaybillsApi.bookings, { params: { id: mawb }, signal }),
    select: (answer) => answer.data,
  });
}

export function useWaybillChanges(mawb: string) {
  return useQuery({
    queryKey: [...WAYBILLS, 'changes', mawb],
    queryFn: ({ signal }) => callApi(airWaybillsApi.changes, { params: { id: mawb }, signal }),
    select: (answer) => answer.data,
  });
}
export type WaybillChange = EndpointResult<typeof airWaybillsApi.changes>['data'][number];

function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: WAYBILLS });
    },
  });
}

/** Chargeable weight and rate lines by the carrier's tariffs; stored on the waybill. */
export const useCalculate = (mawb: string) =>
  useInvalidating(() => callApi(airWaybillsApi.calculate, { params: { id: mawb }, body: {} }));
export type Calculation = EndpointResult<typeof airWaybillsApi.calculate>;

export const useDeleteRate = (mawb: string) =>
  useInvalidating((rateId: number) => callApi(airWaybillsApi.deleteRate, { params: { id: mawb, rate_id: rateId } }));

export function useHouses(mawb: string) {
  return useQuery({
    queryKey: [...WAYBILLS, 'houses', mawb],
    queryFn: ({ signal }) => callApi(houseWaybillsApi.list, { params: { id: mawb }, signal }),
  });
}

export const useDeleteHouse = (mawb: string) =>
  useInvalidating((houseId: number) => callApi(houseWaybillsApi.delete, { params: { id: mawb, house_id: houseId } }));

export function useMovements(mawb: string) {
  return useQuery({
    queryKey: [...WAYBILLS, 'movements', mawb],
    queryFn: ({ signal }) => callApi(movementsApi.list, { params: { id: mawb }, signal }),
    select: (answer) => answer.data,
  });
}

export const movementForm = movementCreate;
export const useAddMovement = (mawb: string) =>
  useInvalidating((body: MovementCreate) => callApi(movementsApi.create, { params: { id: mawb }, body }));
export const useDeactivateMovement = (mawb: string) =>
  useInvalidating((movementId: number) =>
    callApi(movementsApi.delete, { params: { id: mawb, movement_id: movementId } }),
  );

/** The generated Cargo-IMP text of the waybill (FWB) or of its houses (FHL). */
export function useMessageText(mawb: string, kind: 'fwb' | 'fhl') {
  return useQuery({
    queryKey: [...WAYBILLS, kind, mawb],
    queryFn: ({ signal }) => callApi(waybillMessagesApi[kind], { params: { id: mawb }, signal }),
  });
}

/** The attachments of a waybill, newest first. */
export function useAttachments(waybillId: number) {
  return useQuery({
    queryKey: [...WAYBILLS, 'attachments', waybillId],
    queryFn: ({ signal }) =>
      callApi(attachmentsApi.list, {
        query: { attachable_type: 'air_waybill', attachable_id: waybillId },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** Sends the file as the multipart field `doc` with its document type; the server detects the content type. */
export function useUploadAttachment(waybillId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, docType }: { file: File; docType: AttachmentDocType }) => {
      const body = new FormData();
      body.append('doc_type', docType);
      body.append('attachable_type', 'air_waybill');
      body.append('attachable_id', String(waybillId));
      body.append(ATTACHMENT_FILE_FIELD, file);
      return apiFetch<AttachmentRecord>(attachmentsApi.upload.path, {
        method: 'POST',
        body,
        schema: attachmentRecord,
        kind: false,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: WAYBILLS }),
  });
}

export const useDeleteAttachment = () =>
  useInvalidating((id: number) => callApi(attachmentsApi.remove, { params: { id } }));

export const attachmentDownloadPath = (id: number) => pathOf(attachmentsApi.download.path, { id });
