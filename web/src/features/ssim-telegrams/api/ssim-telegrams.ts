import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type SsimTelegram,
  type SsimTelegramSummary,
  ssimTelegramsApi,
  type TelegramReport,
} from '@aircargo/contract/ssim-telegrams';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TelegramSource, telegramForm } from '@/components/telegrams/telegram-source-input';
import { callApi } from '@/lib/api/endpoint';

export type { SsimTelegram, SsimTelegramSummary, TelegramReport };

const TELEGRAMS = ['ssim-telegrams'] as const;
/** How often a telegram that is still being applied is read again. */
export const PROGRESS_POLL_MS = 2000;

export const SSIM_TELEGRAMS_PATH = '/messaging/ssim-telegrams';
export const SSIM_UPLOAD_PATH = '/messaging/ssim';
export const SCHEDULE_EXPORT_PATH = ssimTelegramsApi.exportSchedule.path;

export type SsimTelegramsListQuery = EndpointQuery<typeof ssimTelegramsApi.list>;

/** A telegram still waiting for or in its processing. */
export const isRunning = (t: Pick<SsimTelegramSummary, 'processing_status'>) =>
  t.processing_status === 'pending' || t.processing_status === 'processing';

export function useSsimTelegrams(query: SsimTelegramsListQuery) {
  return useQuery({
    queryKey: [...TELEGRAMS, 'list', query],
    queryFn: ({ signal }) => callApi(ssimTelegramsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    // The demo load and large uploads run in a job: the list follows their progress.
    refetchInterval: (q) => (q.state.data?.data.some(isRunning) ? PROGRESS_POLL_MS : false),
  });
}

export function useSsimTelegram(id: number) {
  return useQuery({
    queryKey: [...TELEGRAMS, 'detail', id],
    queryFn: ({ signal }) => callApi(ssimTelegramsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** A file chosen on the screen (sent as multipart) or text pasted into it (sent as JSON). */
export type UploadInput = TelegramSource;

export function useUploadTelegram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => {
      if ('file' in input) {
        const form = telegramForm(input.file);
        // FormData is sent as multipart by the API client; the contract types the JSON form of the same call.
        return callApi(ssimTelegramsApi.upload, { body: form as unknown as { body: string } });
      }
      return callApi(ssimTelegramsApi.upload, { body: { body: input.text } });
    },
    onSuccess: (telegram) => {
      client.setQueryData([...TELEGRAMS, 'detail', telegram.id], telegram);
      void client.invalidateQueries({ queryKey: [...TELEGRAMS, 'list'] });
    },
  });
}

export function useRestartTelegram(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(ssimTelegramsApi.restart, { params: { id } }),
    onSuccess: (telegram) => {
      client.setQueryData([...TELEGRAMS, 'detail', id], telegram);
      void client.invalidateQueries({ queryKey: [...TELEGRAMS, 'list'] });
    },
  });
}
