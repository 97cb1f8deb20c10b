import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@portal/api-client';
import { applicationsApi } from '../applications/applications-api';
import { applicationKeys } from '../applications/query-keys';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';
import { useDisplayCurrency, type MoneyCurrency } from '../money/display-currency';
import { moneyKeys } from '../money/query-keys';
import { useBalance } from '../money/use-money';
import { formatNumber } from '../ui/number-format';

type Schemas = components['schemas'];
export type Investment = Schemas['InvestmentView'];
export type InvestmentStatus = Investment['status'];
export type AmountByCurrency = Schemas['AmountByCurrency'];
type InvestmentList = Schemas['InvestmentList'];

/**
 * The customer's investments (GET /api/v1/investments): one query for every screen that
 * shows them (dashboard, portfolio, payment form), so opening one fills the others. In an
 * admin's read-only customer view (issue 30), the viewed customer's.
 */
export function useInvestments() {
  const viewed = useViewedCustomer();
  return useQuery<InvestmentList>({
    queryKey: viewed ? customerViewKeys.investments(viewed) : applicationKeys.investments(),
    queryFn: () => (viewed ? customerViewApi.investments(viewed) : applicationsApi.listOwnInvestments()),
  });
}

/** The search parameter naming the investment the payment form preselects. */
export const PAY_INVESTMENT_PARAM = 'investment';

/** Where a Pay button leads: the Payments tab of the deposit screen, with the investment chosen. */
export const payInvestmentPath = (id: string) => `/app/deposit?tab=payments&${PAY_INVESTMENT_PARAM}=${encodeURIComponent(id)}`;

/** A decimal string ("1500.25") in whole cents, so sums and comparisons are exact. */
export const toCents = (amount: string | number | null | undefined): number => Math.round(Number(amount ?? 0) * 100);
export const fromCents = (cents: number): string => (cents / 100).toFixed(2);

/** An annual rate as the server gives it ("15.00", percent) in the language shown: "15%". */
export const annualRate = (rate: string): string => formatNumber(Number(rate) / 100, { style: 'percent', maximumFractionDigits: 4 });

/** Investments the customer can still pay into: awaiting funding, with something left to pay. */
export function awaitingPayment(items: readonly Investment[]): Investment[] {
  return items.filter((item) => item.status === 'awaiting_funding' && toCents(item.unfundedAmount) > 0);
}

/** Sums per currency, exactly; amounts are never converted, so never added across currencies. */
export function sumByCurrency<C extends string>(items: readonly { currency: C; amount: string }[]): { currency: C; amount: string }[] {
  const cents = new Map<C, number>();
  for (const item of items) cents.set(item.currency, (cents.get(item.currency) ?? 0) + toCents(item.amount));
  return [...cents].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, amount: fromCents(sum) }));
}

const percentOf = (part: number, whole: number): number => (whole <= 0 ? 0 : Math.min(100, Math.max(0, Math.floor((part / whole) * 100))));

/** How much of the principal is paid in, in whole percent (99 until the last cent is in). */
export function fundingPercent(item: Investment): number {
  return percentOf(toCents(item.fundedAmount), toCents(item.amount));
}

const dayNumber = (date: string): number => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);

/** How far an active investment is from its start to its maturity date, in whole percent of its days. */
export function termPercent(item: Investment, today: Date = new Date()): number {
  if (!item.startDate || !item.maturityDate) return 0;
  const start = dayNumber(item.startDate);
  const now = Math.floor(today.getTime() / 86_400_000);
  return percentOf(now - start, dayNumber(item.maturityDate) - start);
}

/**
 * The figures the dashboard and the portfolio both show, from one source each: money the
 * ledger holds (GET /api/v1/balance in the display currency: invested, returns accrued and
 * not yet paid, available) and the investments list (counts, returns paid at maturity).
 * Returns paid are the matured investments' returns; those in other currencies are listed
 * apart, as the balance lists its other currencies, never converted.
 */
export interface InvestmentFigures {
  currency: MoneyCurrency;
  /** Money in active investments and those awaiting funding (the ledger). */
  totalInvested: string;
  /** Returns accrued on active investments, paid at maturity (the ledger). */
  returnsAccrued: string;
  /** Returns of matured investments, paid to the available balance, in the display currency. */
  returnsPaid: string;
  returnsPaidElsewhere: AmountByCurrency[];
  available: string;
  availableElsewhere: AmountByCurrency[];
  activeCount: number;
  awaitingCount: number;
  balanceLoading: boolean;
  investmentsLoading: boolean;
  investmentsFailed: boolean;
}

export function useInvestmentFigures(): InvestmentFigures {
  const { currency } = useDisplayCurrency();
  const balance = useBalance(currency);
  const investments = useInvestments();
  const items = investments.data?.items ?? [];
  const paid = sumByCurrency(items.filter((item) => item.status === 'matured').map((item) => ({ currency: item.currency, amount: item.accruedReturn })));
  return {
    currency,
    totalInvested: balance.data?.totalInvested ?? '0.00',
    returnsAccrued: balance.data?.totalReturns ?? '0.00',
    returnsPaid: paid.find((entry) => entry.currency === currency)?.amount ?? '0.00',
    returnsPaidElsewhere: paid.filter((entry) => entry.currency !== currency),
    available: balance.data?.available ?? '0.00',
    availableElsewhere: balance.data?.otherCurrencies ?? [],
    activeCount: items.filter((item) => item.status === 'active').length,
    awaitingCount: items.filter((item) => item.status === 'awaiting_funding').length,
    balanceLoading: balance.isLoading,
    investmentsLoading: investments.isLoading,
    investmentsFailed: investments.isError,
  };
}

/** Refreshes what a payment or a cancellation changes: the investments and every money view (balance, transactions). */
export function useRefreshInvestments() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: applicationKeys.investments() }), queryClient.invalidateQueries({ queryKey: moneyKeys.all })]);
}

/** Cancels an investment awaiting funding (POST /api/v1/investments/{id}/cancel); the server refuses any other with 409. */
export function useCancelInvestment() {
  const refresh = useRefreshInvestments();
  return useMutation({
    mutationFn: (id: string) => applicationsApi.cancelOwnInvestment(id),
    // Cancelled or refused (paid up or cancelled meanwhile): either way the list shows it as it is now.
    onSettled: () => refresh(),
  });
}
