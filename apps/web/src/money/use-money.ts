import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';
import type { MoneyCurrency } from './display-currency';
import { moneyApi, type BalanceView, type SecurityDepositList, type TransactionSummary } from './money-api';
import { moneyKeys } from './query-keys';

/**
 * Balances and summary in one currency (the display currency unless a form chose another); never converted.
 * In an admin's read-only customer view (issue 30) they are the viewed customer's, from the customer-view endpoints.
 */
export function useBalance(currency: MoneyCurrency) {
  const viewed = useViewedCustomer();
  return useQuery<BalanceView>({
    queryKey: viewed ? customerViewKeys.balance(viewed, currency) : moneyKeys.balance(currency),
    queryFn: () => (viewed ? customerViewApi.balance(viewed, currency) : moneyApi.balance(currency)),
  });
}
export function useMoneySummary(currency: MoneyCurrency) {
  const viewed = useViewedCustomer();
  return useQuery<TransactionSummary>({
    queryKey: viewed ? customerViewKeys.summary(viewed, currency) : moneyKeys.summary(currency),
    queryFn: () => (viewed ? customerViewApi.summary(viewed, currency) : moneyApi.summary(currency)),
  });
}
export function useOwnSecurityDeposits() {
  const viewed = useViewedCustomer();
  return useQuery<SecurityDepositList>({
    queryKey: viewed ? customerViewKeys.securityDeposits(viewed) : moneyKeys.securityDeposits(),
    queryFn: () => (viewed ? customerViewApi.securityDeposits(viewed) : moneyApi.ownSecurityDeposits()),
  });
}

/**
 * A serialisation of a request body that does not depend on the order in which its
 * object keys were written, so that two equal bodies always compare equal.
 */
export function stableSerialise(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const record = item as Record<string, unknown>;
      return Object.fromEntries(Object.keys(record).sort().map((name) => [name, record[name]]));
    }
    return item;
  }) ?? 'undefined';
}

/**
 * One Idempotency-Key per submission of one request body. The key is kept while the same
 * body is sent again (a double click, or a retry after the answer was lost), so the server
 * can recognise the repeat; a changed body gets a fresh key (the server refuses a key reused
 * with another body); after a success the next submission gets a new key.
 */
export function useSubmissionKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);
  return {
    current: (body: unknown) => {
      const serialised = stableSerialise(body);
      if (pending.current?.body !== serialised) pending.current = { key: crypto.randomUUID(), body: serialised };
      return pending.current.key;
    },
    done: () => {
      pending.current = null;
    },
  };
}

/** A money-moving mutation: one key per submission of one body, and every money view refreshed afterwards. */
export function useMoneyMutation<Body, Result>(send: (body: Body, key: string) => Promise<Result>) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (body: Body) => send(body, submission.current(body)),
    onSuccess: () => {
      submission.done();
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
  });
}
