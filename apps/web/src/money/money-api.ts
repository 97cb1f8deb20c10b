import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';
import type { MoneyCurrency } from './display-currency';

type Schemas = components['schemas'];
export type TransactionView = Schemas['TransactionView'];
export type TransactionPage = Schemas['TransactionPage'];
export type BalanceView = Schemas['BalanceView'];
export type TransactionSummary = Schemas['TransactionSummary'];
export type TransactionStats = Schemas['TransactionStats'];
export type SecurityDepositList = Schemas['SecurityDepositList'];
export type SecurityDepositView = Schemas['SecurityDepositView'];
export type AmountByCurrency = Schemas['AmountByCurrency'];
export type DepositRequest = Schemas['RequestDepositPayload'];
export type WithdrawalRequest = Schemas['RequestWithdrawalPayload'];
export type InvestmentPaymentRequest = Schemas['PayInvestmentPayload'];
export type CreateSecurityDepositRequest = Schemas['CreateSecurityDepositPayload'];

export type TransactionType = TransactionView['type'];
export type TransactionStatus = TransactionView['status'];

export interface AdminTransactionFilters {
  q?: string;
  type?: TransactionType;
  status?: TransactionStatus;
  method?: TransactionView['method'];
  cursor?: string;
  limit?: number;
}

/** Money-moving POSTs carry the form submission's key: a double click posts the same key and gets the same transaction. */
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export const moneyApi = {
  balance: (currency: MoneyCurrency) => callGateway((client, init) => client.GET('/api/v1/balance', { ...init, params: { query: { currency } } })),
  summary: (currency: MoneyCurrency) => callGateway((client, init) => client.GET('/api/v1/transactions/summary', { ...init, params: { query: { currency } } })),
  transactions: (query: { cursor?: string; limit?: number; type?: TransactionType }) =>
    callGateway((client, init) => client.GET('/api/v1/transactions', { ...init, params: { query } })),
  deposit: (body: DepositRequest, idempotencyKey: string) =>
    callGateway((client, init) => client.POST('/api/v1/deposits', { ...init, headers: { ...init.headers, ...keyed(idempotencyKey) }, body })),
  withdraw: (body: WithdrawalRequest, idempotencyKey: string) =>
    callGateway((client, init) => client.POST('/api/v1/withdrawals', { ...init, headers: { ...init.headers, ...keyed(idempotencyKey) }, body })),
  payInvestment: (body: InvestmentPaymentRequest, idempotencyKey: string) =>
    callGateway((client, init) => client.POST('/api/v1/investment-payments', { ...init, headers: { ...init.headers, ...keyed(idempotencyKey) }, body })),
  ownSecurityDeposits: () => callGateway((client, init) => client.GET('/api/v1/security-deposits', init)),

  adminTransactions: (query: AdminTransactionFilters) =>
    callGateway((client, init) => client.GET('/api/v1/admin/transactions', { ...init, params: { query } })) as Promise<TransactionPage>,
  adminStats: () => callGateway((client, init) => client.GET('/api/v1/admin/transactions/stats', init)),
  approve: (id: string) => callGateway((client, init) => client.POST('/api/v1/admin/transactions/{id}/approve', { ...init, params: { path: { id } } })),
  /** The reason is required: the customer reads it (the server refuses a blank one). */
  reject: (id: string, reason: string) =>
    callGateway((client, init) => client.POST('/api/v1/admin/transactions/{id}/reject', { ...init, params: { path: { id } }, body: { reason } })),
  /** The filtered list as a file, streamed by the gateway. */
  exportTransactions: (format: 'csv' | 'xlsx', query: AdminTransactionFilters) =>
    callGateway(
      (client, init) =>
        client.GET('/api/v1/admin/transactions', {
          ...init,
          params: { query: { ...query, cursor: undefined, limit: undefined, format } as never },
          parseAs: 'blob',
        }) as never,
    ) as Promise<Blob>,
  adminSecurityDeposits: () => callGateway((client, init) => client.GET('/api/v1/admin/security-deposits', init)),
  createSecurityDeposit: (body: CreateSecurityDepositRequest, idempotencyKey: string) =>
    callGateway((client, init) => client.POST('/api/v1/admin/security-deposits', { ...init, headers: { ...init.headers, ...keyed(idempotencyKey) }, body })),
  setSecurityDepositLock: (id: string, locked: boolean) =>
    callGateway((client, init) =>
      locked
        ? client.POST('/api/v1/admin/security-deposits/{id}/lock', { ...init, params: { path: { id } } })
        : client.POST('/api/v1/admin/security-deposits/{id}/unlock', { ...init, params: { path: { id } } }),
    ),
};
