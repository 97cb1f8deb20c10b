import type { AdminTransactionFilters } from './money-api';

export const moneyKeys = {
  all: ['money'] as const,
  balance: (currency: string) => [...moneyKeys.all, 'balance', currency] as const,
  summary: (currency: string) => [...moneyKeys.all, 'summary', currency] as const,
  transactions: (cursor?: string) => [...moneyKeys.all, 'transactions', cursor ?? null] as const,
  securityDeposits: () => [...moneyKeys.all, 'security-deposits'] as const,
  admin: () => [...moneyKeys.all, 'admin'] as const,
  adminTransactions: (filters: AdminTransactionFilters) => [...moneyKeys.admin(), 'transactions', filters] as const,
  adminStats: () => [...moneyKeys.admin(), 'stats'] as const,
  adminSecurityDeposits: () => [...moneyKeys.admin(), 'security-deposits'] as const,
};
