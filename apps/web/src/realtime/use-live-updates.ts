import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callGateway } from '../api/http';
import { useAuth } from '../auth/AuthProvider';
import { overviewKeys } from '../admin-overview/overview-api';
import { cardKeys } from '../cards/cards-api';
import { notificationKeys } from '../notifications/query-keys';
import { supportKeys } from '../support/query-keys';
import { RealtimeClient, type LiveEventName } from './realtime-client';

/** Other features' queries about money: their keys name transactions, balances, deposits or withdrawals. */
const isMoneyQuery = (query: Query) => /transaction|balance|deposit|withdraw|ledger|payment/i.test(String(query.queryKey[0]));
const isSecurityDepositQuery = (query: Query) => /security/i.test(String(query.queryKey[0]));

/** A ticket for the stream, with the bearer token: a 401 renews the session, and a refused renewal signs the user out. */
export const liveUpdatesTicket = async (): Promise<string> => (await callGateway((api, init) => api.POST('/api/v1/events/tickets', init))).ticket;

/**
 * Keeps the signed-in user's screens current: each live event invalidates the queries it
 * affects (the bell, ticket lists, transaction lists), which refetch if on screen. After a
 * reconnection everything live is refetched, since events may have been missed meanwhile.
 * The connection state is on <body data-live-updates> for end-to-end tests and support.
 */
export function useLiveUpdates(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    // Without EventSource (old browsers, tests' jsdom) the minute's refetch keeps the bell current.
    if (!userId || typeof EventSource === 'undefined') return;
    const invalidate = (name: LiveEventName, data: Record<string, unknown>, reconnected: boolean) => {
      if (name === 'notification' && typeof data.unreadCount === 'number') {
        // A broadcast tells each bell its new count: no thundering herd of count requests.
        queryClient.setQueryData(notificationKeys.unreadCount(), data.unreadCount);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate: (query) => query.queryKey[1] !== 'unread-count' });
      } else if (name === 'notification' || reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      if (name === 'ticket' || reconnected) void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      if (name === 'transaction' || reconnected) void queryClient.invalidateQueries({ predicate: isMoneyQuery });
      if (name === 'security-deposit' || reconnected) void queryClient.invalidateQueries({ predicate: isSecurityDepositQuery });
      // The admin overview's figures move with money (an inactive query is only marked stale).
      if (name === 'transaction' || name === 'security-deposit' || reconnected) void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
      // A card request's status changed: its notification says so.
      if ((name === 'notification' && data.category === 'card') || reconnected) void queryClient.invalidateQueries({ queryKey: cardKeys.all });
    };
    const client = new RealtimeClient({
      getTicket: liveUpdatesTicket,
      onEvent: (name, data, reconnected) => invalidate(name, data, reconnected),
      onState: (state) => {
        document.body.dataset.liveUpdates = state;
      },
    });
    client.start();
    return () => {
      client.stop();
      delete document.body.dataset.liveUpdates;
    };
  }, [userId, queryClient]);
}
