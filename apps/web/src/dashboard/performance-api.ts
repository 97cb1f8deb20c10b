import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';
import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';
import type { Investment } from '../investments/use-investments';
import type { MoneyCurrency } from '../money/display-currency';
import { moneyKeys } from '../money/query-keys';

export type PortfolioPerformance = components['schemas']['PortfolioPerformance'];
export type PerformancePoint = components['schemas']['PerformancePoint'];

/** The periods the card offers; the ledger's default (no `from`) is the last 90 days. */
export const PERFORMANCE_PERIODS = ['30d', '90d', '1y', 'all'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

/** The period the card opens on. */
export const DEFAULT_PERFORMANCE_PERIOD: PerformancePeriod = '90d';

const PERIOD_DAYS: Record<Exclude<PerformancePeriod, 'all'>, number> = { '30d': 30, '90d': 90, '1y': 365 };

/** The longest period the ledger answers, both ends counted (PERFORMANCE_MAX_DAYS in libs/contracts/src/ledger/performance.ts). */
export const PERFORMANCE_MAX_DAYS = 5 * 365 + 2;

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The first day of the customer's investments in a currency (UTC): nothing can have been paid into one before it was opened. */
export function firstInvestmentDay(items: readonly Investment[], currency: MoneyCurrency): string | undefined {
  const days = items.filter((item) => item.currency === currency).map((item) => item.createdAt.slice(0, 10));
  return days.length > 0 ? days.reduce((earliest, day) => (day < earliest ? day : earliest)) : undefined;
}

/**
 * The `from` of a period, or undefined for the ledger's default (the last 90 days). The end is
 * always the ledger's today, never the device's, so a device a day ahead is never refused.
 * "Since start" begins on the first investment's day, at most five years back.
 */
export function periodStart(period: PerformancePeriod, today: Date, firstDay: string | undefined): string | undefined {
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (period === '90d') return undefined;
  if (period !== 'all') return utcDay(now - (PERIOD_DAYS[period] - 1) * DAY_MS);
  if (!firstDay) return undefined;
  const earliest = utcDay(now - (PERFORMANCE_MAX_DAYS - 1) * DAY_MS);
  return firstDay < earliest ? earliest : firstDay;
}

/** The signed-in customer's performance of a period, under the money queries (see usePortfolioPerformance). */
export const performanceKey = (currency: MoneyCurrency, from: string | undefined) => [...moneyKeys.all, 'performance', currency, from ?? 'default'] as const;

export const performanceApi = {
  /** GET /api/v1/portfolio/performance: the portfolio's value per day, earnings to date and the period's returns. */
  portfolio: (currency: MoneyCurrency, from: string | undefined): Promise<PortfolioPerformance> =>
    callGateway((client, init) => client.GET('/api/v1/portfolio/performance', { ...init, params: { query: { currency, ...(from ? { from } : {}) } } })),
};

/**
 * The performance of a period, under the money queries: a payment, a payout or a cancellation
 * refreshes every money view (moneyKeys.all), and this with them. Switching periods keeps the
 * last answer on screen until the next arrives.
 */
export function usePortfolioPerformance(currency: MoneyCurrency, from: string | undefined, enabled = true) {
  // In an admin's read-only customer view (issue 30), the viewed customer's.
  const viewed = useViewedCustomer();
  return useQuery<PortfolioPerformance>({
    queryKey: viewed ? customerViewKeys.performance(viewed, currency, from) : performanceKey(currency, from),
    queryFn: () => (viewed ? customerViewApi.performance(viewed, currency, from) : performanceApi.portfolio(currency, from)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** No history at all: nothing was ever held in the period and nothing ever earned. Figures are not invented for it. */
export function hasNoHistory(performance: PortfolioPerformance): boolean {
  return Number(performance.earningsToDate) === 0 && performance.series.every((point) => Number(point.value) === 0);
}
