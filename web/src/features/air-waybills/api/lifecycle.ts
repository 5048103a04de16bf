import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type AwbAlert,
  type VoidRequest,
  type VoidRequestResolve,
  voidRequestCreate,
  voidRequestResolve,
  voidRequestsApi,
  waybillLifecycleApi,
  waybillVoid,
  waybillVoidCancel,
  waybillVoidPayment,
} from '@aircargo/contract/waybill-lifecycle';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { WAYBILLS } from './keys';

export type { AwbAlert, VoidRequest };

/** The dialogs' forms: the contract's bodies. */
export const voidRequestForm = voidRequestCreate;
export const resolveForm = voidRequestResolve;
export const voidForm = waybillVoid;
export const voidPaymentForm = waybillVoidPayment;
export const cancelVoidForm = waybillVoidCancel;

export const VOID_REQUESTS_PATH = '/void-requests';
export type VoidRequestsQuery = EndpointQuery<typeof voidRequestsApi.list>;

/** A lifecycle change moves the waybill between tabs and adds to its log: every waybill query refetches. */
function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: WAYBILLS });
    },
  });
}

export const LIFECYCLE_ACTIONS = ['issue', 'cancel_issue', 'verify', 'cancel_verify', 'deliver'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

const ACTION_ENDPOINTS = {
  issue: waybillLifecycleApi.issue,
  cancel_issue: waybillLifecycleApi.cancelIssue,
  verify: waybillLifecycleApi.verify,
  cancel_verify: waybillLifecycleApi.cancelVerify,
  deliver: waybillLifecycleApi.deliver,
} as const;

/** Issue, cancel issue, verify, cancel verification and deliver: calls without a body. */
export const useLifecycleAction = (id: number) =>
  useInvalidating((action: LifecycleAction) => callApi(ACTION_ENDPOINTS[action], { params: { id } }));

export const useVoid = (id: number) =>
  useInvalidating((body: (typeof voidForm)['_output']) => callApi(waybillLifecycleApi.void, { params: { id }, body }));

export const useVoidPayment = (id: number) =>
  useInvalidating((body: (typeof voidPaymentForm)['_output']) =>
    callApi(waybillLifecycleApi.voidPayment, { params: { id }, body }),
  );

export const useCancelVoid = (id: number) =>
  useInvalidating((body: (typeof cancelVoidForm)['_output']) =>
    callApi(waybillLifecycleApi.cancelVoid, { params: { id }, body }),
  );

export const useRequestVoid = (id: number) =>
  useInvalidating((body: (typeof voidRequestForm)['_output']) =>
    callApi(voidRequestsApi.create, { params: { id }, body }),
  );

export const useCancelVoidRequest = () =>
  useInvalidating((id: number) => callApi(voidRequestsApi.cancel, { params: { id } }));

export const useResolveVoidRequest = () =>
  useInvalidating(({ id, body }: { id: number; body: VoidRequestResolve }) =>
    callApi(voidRequestsApi.resolve, { params: { id }, body }),
  );

export function useWaybillVoidRequests(id: number) {
  return useQuery({
    queryKey: [...WAYBILLS, 'void-requests', id],
    queryFn: ({ signal }) => callApi(voidRequestsApi.ofWaybill, { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

/** One page of void requests: a forwarder's own, an airline's on its waybills. */
export function useVoidRequests(query: VoidRequestsQuery) {
  return useQuery({
    queryKey: [...WAYBILLS, 'void-requests', 'list', query],
    queryFn: ({ signal }) => callApi(voidRequestsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAlerts(id: number) {
  return useQuery({
    queryKey: [...WAYBILLS, 'alerts', id],
    queryFn: ({ signal }) => callApi(waybillLifecycleApi.alerts, { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export const useDismissAlert = (id: number) =>
  useInvalidating((alertId: number) =>
    callApi(waybillLifecycleApi.dismissAlert, { params: { id, alert_id: alertId } }),
  );

export function useVerificationDifference(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...WAYBILLS, 'verification-difference', id],
    queryFn: ({ signal }) => callApi(waybillLifecycleApi.verificationDifference, { params: { id }, signal }),
    enabled,
  });
}
