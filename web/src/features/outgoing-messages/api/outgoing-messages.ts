import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type OutgoingMessage,
  type OutgoingMessageSummary,
  outgoingMessagesApi,
  type SitaMessageCreate,
} from '@aircargo/contract/outgoing-messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

export type { OutgoingMessage, OutgoingMessageSummary };

const MESSAGES = ['outgoing-messages'] as const;
/** How often a list or message still waiting for delivery is read again. */
export const DELIVERY_POLL_MS = 3000;

export const OUTGOING_MESSAGES_PATH = '/messaging/outgoing-messages';
export const messagePath = (id: number) => `/messaging/messages/${id}`;

export type OutgoingMessagesListQuery = EndpointQuery<typeof outgoingMessagesApi.list>;

/** Still on its way: queued or in a worker's hands. */
export const isUnderway = (m: Pick<OutgoingMessageSummary, 'status'>) =>
  m.status === 'pending' || m.status === 'sending';

/** A failed or dead message may be sent again. */
export const isRestartable = (m: Pick<OutgoingMessageSummary, 'status'>) =>
  m.status === 'failed' || m.status === 'dead';

export function useOutgoingMessages(query: OutgoingMessagesListQuery) {
  return useQuery({
    queryKey: [...MESSAGES, 'list', query],
    queryFn: ({ signal }) => callApi(outgoingMessagesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(isUnderway) ? DELIVERY_POLL_MS : false),
  });
}

export function useOutgoingMessage(id: number, enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES, 'detail', id],
    queryFn: ({ signal }) => callApi(outgoingMessagesApi.get, { params: { id }, signal }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && isUnderway(q.state.data) ? DELIVERY_POLL_MS : false),
  });
}

export function useRestartMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(outgoingMessagesApi.restart, { params: { id } }),
    onSuccess: (message) => {
      client.setQueryData([...MESSAGES, 'detail', message.id], message);
      void client.invalidateQueries({ queryKey: [...MESSAGES, 'list'] });
    },
  });
}

export function useSendSita() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SitaMessageCreate) => callApi(outgoingMessagesApi.sendSita, { body }),
    onSuccess: (message) => {
      client.setQueryData([...MESSAGES, 'detail', message.id], message);
      void client.invalidateQueries({ queryKey: [...MESSAGES, 'list'] });
    },
  });
}
