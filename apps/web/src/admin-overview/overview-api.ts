import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type AdminStatsView = Schemas['AdminStatsView'];
export type EarningsFigures = Schemas['EarningsFigures'];
export type EarningsActualsView = Schemas['EarningsActualsView'];

/** The periods the Overview's Earnings Report offers: calendar months and the year so far (UTC, as the ledger dates them). */
export const EARNINGS_PERIODS = ['thisMonth', 'lastMonth', 'thisYear'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The dates of a period (YYYY-MM-DD, both days included), up to today for the current ones. */
export function earningsWindow(period: EarningsPeriod, now = new Date()): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (period === 'lastMonth') return { from: isoDay(new Date(Date.UTC(year, month - 1, 1))), to: isoDay(new Date(Date.UTC(year, month, 0))) };
  if (period === 'thisYear') return { from: isoDay(new Date(Date.UTC(year, 0, 1))), to: isoDay(now) };
  return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: isoDay(now) };
}

export const overviewKeys = {
  all: ['admin-overview'] as const,
  stats: () => [...overviewKeys.all, 'stats'] as const,
  earnings: (window: { from: string; to: string }) => [...overviewKeys.all, 'earnings', window] as const,
};

export const overviewApi = {
  stats: () => callGateway((client, init) => client.GET('/api/v1/admin/stats', init)),
  /** The period's actuals (the reports permission): fees earned, returns paid, returns accrued, assets under management. */
  earnings: (window: { from: string; to: string }): Promise<EarningsActualsView> => callGateway((client, init) => client.GET('/api/v1/admin/earnings', { ...init, params: { query: window } })),
};
