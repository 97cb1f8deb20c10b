import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { MoneyCurrency } from './display-currency';
import { moneyApi } from './money-api';
import { moneyKeys } from './query-keys';

/** Balances and summary in one currency (the display currency unless a form chose another); never converted. */
export const useBalance = (currency: MoneyCurrency) => useQuery({ queryKey: moneyKeys.balance(currency), queryFn: () => moneyApi.balance(currency) });
export const useMoneySummary = (currency: MoneyCurrency) => useQuery({ queryKey: moneyKeys.summary(currency), queryFn: () => moneyApi.summary(currency) });
export const useOwnSecurityDeposits = () => useQuery({ queryKey: moneyKeys.securityDeposits(), queryFn: moneyApi.ownSecurityDeposits });

/**
 * One Idempotency-Key per form submission: the key is kept until the request settles
 * successfully, so a double click or a retry of the same submission sends the same key,
 * and the next submission gets a new one.
 */
export function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= crypto.randomUUID()),
    done: () => {
      key.current = null;
    },
  };
}

/** A money-moving mutation: one key per submission, and every money view refreshed afterwards. */
export function useMoneyMutation<Body, Result>(send: (body: Body, key: string) => Promise<Result>) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (body: Body) => send(body, submission.current()),
    onSuccess: () => {
      submission.done();
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
  });
}
