import type { EndpointBody, EndpointQuery } from '@aircargo/contract/endpoint';
import {
  ahmTelegramsApi,
  cimpTelegramsApi,
  type IncomingTelegram,
  type IncomingTelegramSummary,
  type IncomingTelegramUpdate,
  type TelegramFamily,
  type TelegramValidation,
} from '@aircargo/contract/incoming-telegrams';
import { cimpSendRefusal, waybillTelegramsApi } from '@aircargo/contract/waybill-telegrams';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TelegramSource, telegramForm } from '@/components/telegrams/telegram-source-input';
import { callApi } from '@/lib/api/endpoint';
import { ApiError } from '@/lib/api/errors';

export type { IncomingTelegram, IncomingTelegramSummary, TelegramFamily, TelegramValidation };

/** How often a telegram that is still waiting for or in its processing is read again. */
export const PROGRESS_POLL_MS = 2000;

export const CIMP_TELEGRAMS_PATH = '/messaging/cimp-telegrams';
export const AHM_TELEGRAMS_PATH = '/messaging/ahm-telegrams';
export const CIMP_UPLOAD_PATH = '/messaging/cimp';
export const CIMP_SEND_PATH = '/messaging/cimp-send';

export const telegramPath = (family: TelegramFamily, id: number) =>
  `${family === 'ahm' ? AHM_TELEGRAMS_PATH : CIMP_TELEGRAMS_PATH}/${id}`;
export const cimpEditPath = (id: number) => `${CIMP_UPLOAD_PATH}/${id}/edit`;

export type IncomingTelegramsQuery = EndpointQuery<typeof cimpTelegramsApi.list>;

const KEY = (family: TelegramFamily) => [`${family}-telegrams`] as const;
const API = { cimp: cimpTelegramsApi, ahm: ahmTelegramsApi } as const;

/** A telegram still waiting for or in its processing. */
export const isRunning = (t: Pick<IncomingTelegramSummary, 'processing_status'>) =>
  t.processing_status === 'pending' || t.processing_status === 'processing';

export function useIncomingTelegrams(family: TelegramFamily, query: IncomingTelegramsQuery) {
  return useQuery({
    queryKey: [...KEY(family), 'list', query],
    queryFn: ({ signal }) => callApi(API[family].list, { query, signal }),
    placeholderData: keepPreviousData,
    // Telegrams just received are parsed and processed by a worker: the list follows them until they are done.
    refetchInterval: (q) => (q.state.data?.data.some(isRunning) ? PROGRESS_POLL_MS : false),
  });
}

export function useIncomingTelegram(family: TelegramFamily, id: number) {
  return useQuery({
    queryKey: [...KEY(family), 'detail', id],
    queryFn: ({ signal }) => callApi(API[family].get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** A telegram of either family: an upload may hold AHM telegrams beside the Cargo-IMP ones. */
async function anyTelegram(id: number, signal: AbortSignal): Promise<IncomingTelegram> {
  try {
    return await callApi(cimpTelegramsApi.get, { params: { id }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return callApi(ahmTelegramsApi.get, { params: { id }, signal });
    }
    throw error;
  }
}

/** Telegrams just created by an upload, read again while the worker processes them. */
export function useUploadedTelegrams(ids: readonly number[]) {
  return useQuery({
    queryKey: [...KEY('cimp'), 'uploaded', ids],
    queryFn: ({ signal }) => Promise.all(ids.map((id) => anyTelegram(id, signal))),
    enabled: ids.length > 0,
    refetchInterval: (q) => (q.state.data?.some(isRunning) ? PROGRESS_POLL_MS : false),
  });
}

/** Parses the text without storing anything: detected type and version, issues per line. */
export function useValidateTelegrams() {
  return useMutation({
    mutationFn: (body: string) => callApi(cimpTelegramsApi.validate, { body: { body } }),
  });
}

export function useUploadTelegrams() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ source, notes }: { source: TelegramSource; notes: string }) => {
      const note = notes.trim() || null;
      if ('file' in source) {
        const form = telegramForm(source.file, note ? { notes: note } : {});
        // FormData is sent as multipart by the API client; the contract types the JSON form of the same call.
        return callApi(cimpTelegramsApi.upload, { body: form as unknown as { body: string } });
      }
      return callApi(cimpTelegramsApi.upload, { body: { body: source.text, notes: note } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: [...KEY('cimp'), 'list'] }),
  });
}

export function useUpdateTelegram(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IncomingTelegramUpdate) => callApi(cimpTelegramsApi.update, { params: { id }, body }),
    onSuccess: (telegram) => {
      client.setQueryData([...KEY('cimp'), 'detail', id], telegram);
      void client.invalidateQueries({ queryKey: [...KEY('cimp'), 'list'] });
    },
  });
}

export function useRestartTelegram(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(cimpTelegramsApi.restart, { params: { id } }),
    onSuccess: (telegram) => {
      client.setQueryData([...KEY('cimp'), 'detail', id], telegram);
      void client.invalidateQueries({ queryKey: [...KEY('cimp'), 'list'] });
    },
  });
}

/** Validation of a text as it is typed (the caller debounces it); nothing is stored. */
export function useLiveValidation(body: string) {
  return useQuery({
    queryKey: [...KEY('cimp'), 'validate', body],
    queryFn: ({ signal }) => callApi(cimpTelegramsApi.validate, { body: { body }, signal }),
    enabled: body.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The CIMP send screen: the text is checked by the server and sent to the recipients through the outbox. */
export function useSendCimp() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof waybillTelegramsApi.sendCimp>) =>
      callApi(waybillTelegramsApi.sendCimp, { body }),
  });
}

/** The parser's findings a refused send carries (422 "CIMP has errors"), as the body's line issues. */
export function refusalIssues(error: unknown): { line: number; message: string; severity: 'error' | 'warning' }[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = cimpSendRefusal.safeParse(error.body);
  if (!parsed.success) return [];
  return parsed.data.issues.map((issue) => ({
    line: issue.line,
    message: `${issue.text} (${issue.code})`,
    severity: issue.severity,
  }));
}
