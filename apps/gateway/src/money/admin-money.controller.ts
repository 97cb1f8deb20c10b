import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import {
  AdminTransactionsQuery,
  CreateSecurityDepositPayload,
  LedgerCheckReport,
  LedgerCommands,
  RejectTransactionBody,
  RequestMeta,
  SecurityDepositList,
  SecurityDepositView,
  TransactionPage,
  TransactionStats,
  TransactionView,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { TransactionExport } from './transaction-export';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key';

const transactionId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'transaction_not_found') });
const securityDepositId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'security_deposit_not_found') });

/** The back office's money: All Transactions, Deposit Management, security deposits, the ledger check. The ledger checks the role's permission. */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('transactions')
@Controller('api/v1/admin')
export class AdminMoneyController {
  constructor(
    private readonly services: ServiceClient,
    private readonly exports: TransactionExport,
  ) {}

  @Get('transactions')
  @ApiOperation({ summary: 'All transactions with client names, newest first; format=csv|xlsx streams the filtered list, recorded in the audit log first (503 when it cannot be)' })
  @ApiQuery({ name: 'format', required: false, enum: ['csv', 'xlsx'] })
  @ApiOkResponse({ type: TransactionPage })
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiErrorResponses(400, 404)
  async list(
    @Query() query: AdminTransactionsQuery,
    @Query('format') format: string | undefined,
    @RequestMetadata() meta: RequestMeta,
    @Res() res: Response,
  ): Promise<void> {
    // The response is written here: JSON for the screen, or a streamed file.
    if (format === undefined) {
      const page: TransactionPage = await this.services.send(LedgerCommands.listTransactions, query, meta);
      res.send(page);
      return;
    }
    if (format !== 'csv' && format !== 'xlsx') throw ApiError.withMessage(400, 'format must be csv or xlsx');
    await this.exports.stream(format, query, meta, res);
  }

  @Get('transactions/stats')
  @ApiOperation({ summary: 'The tiles of All Transactions and Deposit Management' })
  @ApiOkResponse({ type: TransactionStats })
  stats(@RequestMetadata() meta: RequestMeta): Promise<TransactionStats> {
    return this.services.send(LedgerCommands.transactionStats, {}, meta);
  }

  @Post('transactions/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deposit credited, withdrawal paid out from the hold, investment payment completed' })
  @ApiOkResponse({ type: TransactionView })
  @ApiErrorResponses(404, 409)
  approve(@Param('id', transactionId) id: string, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.decideTransaction, { id, decision: 'approve' }, meta);
  }

  @Post('transactions/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marked failed; a withdrawal’s hold goes back to available' })
  @ApiOkResponse({ type: TransactionView })
  @ApiErrorResponses(400, 404, 409)
  reject(@Param('id', transactionId) id: string, @Body() body: RejectTransactionBody, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.decideTransaction, { id, decision: 'reject', reason: body.reason }, meta);
  }

  @Get('security-deposits')
  @ApiOperation({ summary: 'Every security deposit with its client' })
  @ApiOkResponse({ type: SecurityDepositList })
  securityDeposits(@RequestMetadata() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.services.send(LedgerCommands.listSecurityDeposits, {}, meta);
  }

  @Post('security-deposits')
  @ApiIdempotencyKey()
  @ApiOperation({ summary: 'Create a locked security deposit for a customer (lock reason defaults to Investment security requirement)' })
  @ApiCreatedResponse({ type: SecurityDepositView })
  @ApiErrorResponses(400, 404, 422)
  createSecurityDeposit(@Body() body: CreateSecurityDepositPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.createSecurityDeposit, { ...body, idempotencyKey }, meta);
  }

  @Post('security-deposits/:id/lock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-lock (reason: Re-locked for security)' })
  @ApiOkResponse({ type: SecurityDepositView })
  @ApiErrorResponses(404, 409)
  lock(@Param('id', securityDepositId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.setSecurityDepositLock, { id, locked: true }, meta);
  }

  @Post('security-deposits/:id/unlock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Emergency unlock (reason: Emergency unlock approved); the amount becomes available' })
  @ApiOkResponse({ type: SecurityDepositView })
  @ApiErrorResponses(404, 409)
  unlock(@Param('id', securityDepositId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.setSecurityDepositLock, { id, locked: false }, meta);
  }

  @Get('ledger/check')
  @ApiOperation({ summary: 'Verifies the book: transfers and currencies sum to zero, balances equal their entries' })
  @ApiOkResponse({ type: LedgerCheckReport })
  check(@RequestMetadata() meta: RequestMeta): Promise<LedgerCheckReport> {
    return this.services.send(LedgerCommands.checkLedger, {}, meta);
  }
}
