import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key';
import { RequiresRecentSignIn } from '../auth/recent-sign-in.guard';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'transaction_not_found') });

/** The customer's money: balance, own transactions, deposits, withdrawals, investment payments. */
@ApiTags('money')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1')
export class MoneyController {
  constructor(private readonly services: ServiceClient) {}

  @Get('balance')
  @ApiOperation({ summary: 'The signed-in customer’s balances in a currency (all 0 before any money moved)' })
  @ApiOkResponse({ type: BalanceView })
  balance(@Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<BalanceView> {
    return this.services.send(LedgerCommands.getBalance, query, meta);
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Own transactions, newest first (keyset pages)' })
  @ApiOkResponse({ type: TransactionPage })
  @ApiErrorResponses(400)
  transactions(@Query() query: OwnTransactionsQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionPage> {
    return this.services.send(LedgerCommands.listOwnTransactions, query, meta);
  }

  @Get('transactions/summary')
  @ApiOperation({ summary: 'The four cards of the Deposits and Withdrawals screen' })
  @ApiOkResponse({ type: TransactionSummary })
  summary(@Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionSummary> {
    return this.services.send(LedgerCommands.summary, query, meta);
  }

  @Get('transactions/:id')
  @ApiOperation({ summary: 'One own transaction (another customer’s is 404)' })
  @ApiOkResponse({ type: TransactionView })
  @ApiErrorResponses(404)
  transaction(@Param('id', uuid) id: string, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.getTransaction, { id }, meta);
  }

  @Post('deposits')
  @UserTypes('customer')
  @ApiIdempotencyKey()
  @ApiOperation({ summary: 'Deposit by bank or Bitcoin: pending until an admin confirms the funds arrived' })
  @ApiCreatedResponse({ type: TransactionView })
  @ApiErrorResponses(400, 409, 422)
  deposit(@Body() body: RequestDepositPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.requestDeposit, { ...body, idempotencyKey }, meta);
  }

  @Post('withdrawals')
  @UserTypes('customer')
  @RequiresRecentSignIn()
  @ApiIdempotencyKey()
  @ApiOperation({ summary: 'Bank withdrawal: the amount is held at once and paid out or released by an admin' })
  @ApiCreatedResponse({ type: TransactionView })
  @ApiErrorResponses(400, 409, 422)
  withdrawal(@Body() body: RequestWithdrawalPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.requestWithdrawal, { ...body, idempotencyKey }, meta);
  }

  @Post('investment-payments')
  @UserTypes('customer')
  @ApiIdempotencyKey()
  @ApiOperation({ summary: 'Pay into an investment: bank (pending), crypto (processing) or from available balance (completed)' })
  @ApiCreatedResponse({ type: TransactionView })
  @ApiErrorResponses(400, 409, 422)
  payInvestment(@Body() body: PayInvestmentPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.payInvestment, { ...body, idempotencyKey }, meta);
  }

  @Get('security-deposits')
  @HttpCode(200)
  @ApiOperation({ summary: 'Own security deposits (Investment Protection) and the locked total' })
  @ApiOkResponse({ type: SecurityDepositList })
  securityDeposits(@RequestMetadata() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.services.send(LedgerCommands.listOwnSecurityDeposits, {}, meta);
  }
}
