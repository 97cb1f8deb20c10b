import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/** Spec 01 §9: data queries retry once and stay fresh for five minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;

/** A 4xx answer will not change on a retry; only outages and lost connections are worth one. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}

/**
 * The browser's own idea of being offline (its `offline` event) is not trusted to hold
 * work back: it fires on network changes that leave the same-origin gateway reachable,
 * and react-query's default would then keep a sign-in or a payment "loading" with no
 * request sent until an `online` event that may never come. An action is always sent
 * and answers (with "network unreachable" when it truly is); a query tries once and only
 * its retry waits for the connection.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetryQuery, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
