import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';

/** Reference books and company settings stay fresh for 600 s (and are dropped on a role or company change). */
export const REFERENCE_STALE_MS = 600_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The API client already retries what is worth retrying.
        retry: false,
        throwOnError: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
