import { Body, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  BalanceQuery,
  BalanceView,
  LedgerCommands,
  OwnTransactionsQuery,
  PayInvestmentPayload,
  RequestDepositPayload,
  RequestMeta,
  RequestWithdrawalPayload,
  SecurityDepositList,
  TransactionPage,
  TransactionSummary,
  TransactionView,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn, UserTypes } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key';
import { RequiresRecentSignIn } from '../auth/recent-sign-in.guard';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'transaction_not_found') });

/** The customer's money: balance, own transactions, deposits, withdrawals, investment payments. */
@ApiController('money', 'api/v1')
@SignedIn()
export class MoneyController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('balance', { summary: 'The signed-in customer’s balances in a currency (all 0 before any money moved)', type: BalanceView })
  balance(@Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<BalanceView> {
    return this.services.send(LedgerCommands.getBalance, query, meta);
  }

  @GetEndpoint('transactions', { summary: 'Own transactions, newest first (keyset pages)', type: TransactionPage, errors: [400] })
  transactions(@Query() query: OwnTransactionsQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionPage> {
    return this.services.send(LedgerCommands.listOwnTransactions, query, meta);
  }

  @GetEndpoint('transactions/summary', { summary: 'The four cards of the Deposits and Withdrawals screen', type: TransactionSummary })
  summary(@Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionSummary> {
    return this.services.send(LedgerCommands.summary, query, meta);
  }

  @GetEndpoint('transactions/:id', { summary: 'One own transaction (another customer’s is 404)', type: TransactionView, errors: [404] })
  transaction(@Param('id', uuid) id: string, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.getTransaction, { id }, meta);
  }

  @PostEndpoint('deposits', { summary: 'Deposit by bank or Bitcoin: pending until an admin confirms the funds arrived', type: TransactionView, errors: [400, 409, 422] })
  @UserTypes('customer')
  @ApiIdempotencyKey()
  deposit(@Body() body: RequestDepositPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.requestDeposit, { ...body, idempotencyKey }, meta);
  }

  @PostEndpoint('withdrawals', { summary: 'Bank withdrawal: the amount is held at once and paid out or released by an admin', type: TransactionView, errors: [400, 409, 422] })
  @UserTypes('customer')
  @RequiresRecentSignIn()
  @ApiIdempotencyKey()
  withdrawal(@Body() body: RequestWithdrawalPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.requestWithdrawal, { ...body, idempotencyKey }, meta);
  }

  @PostEndpoint('investment-payments', { summary: 'Pay into an investment: bank (pending), crypto (processing) or from available balance (completed)', type: TransactionView, errors: [400, 409, 422] })
  @UserTypes('customer')
  @ApiIdempotencyKey()
  payInvestment(@Body() body: PayInvestmentPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.payInvestment, { ...body, idempotencyKey }, meta);
  }

  @GetEndpoint('security-deposits', { summary: 'Own security deposits (Investment Protection) and the locked total', type: SecurityDepositList })
  securityDeposits(@RequestMetadata() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.services.send(LedgerCommands.listOwnSecurityDeposits, {}, meta);
  }
}
