import { useQuery } from '@tanstack/react-query';
import { supportApi } from './support-api';
import { supportKeys } from './query-keys';

/**
 * Tickets open or in progress, for the sidebar badge: the customer's own, or every
 * ticket for an admin whose role may handle them. Undefined while unknown or not allowed.
 */
export function useOpenTicketCount(scope: 'own' | 'all' | null): number | undefined {
  const { data } = useQuery({
    queryKey: scope === 'all' ? supportKeys.adminSummary() : supportKeys.ownSummary(),
    queryFn: () => (scope === 'all' ? supportApi.allSummary() : supportApi.ownSummary()),
    enabled: scope !== null,
    staleTime: 60_000,
  });
  return scope === null ? undefined : data?.openCount;
}
