import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/** Spec 01 §9: data queries retry once and stay fresh for five minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;

/** A 4xx answer will not change on a retry; only outages and lost connections are worth one. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
}
