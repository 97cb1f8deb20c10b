import { Body, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { AdminTransactionsQuery, CreateSecurityDepositPayload, LedgerCheckReport, LedgerCommands, RejectTransactionBody, RequestMeta, SecurityDepositList, SecurityDepositView, TransactionPage, TransactionStats, TransactionView } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';
import { TransactionExport } from './transaction-export';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key';

const transactionId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'transaction_not_found') });
const securityDepositId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'security_deposit_not_found') });

/** The back office's money: All Transactions, Deposit Management, security deposits, the ledger check. The ledger checks the role's permission. */
@ApiController('admin', 'api/v1/admin')
@RequiresAdminPermission('transactions')
export class AdminMoneyController {
  constructor(
    private readonly services: ServiceClient,
    private readonly exports: TransactionExport,
  ) {}

  @GetEndpoint('transactions', { summary: 'All transactions with client names, newest first; format=csv|xlsx streams the filtered list, recorded in the audit log first (503 when it cannot be)', type: TransactionPage, errors: [400, 404] })
  @ApiQuery({ name: 'format', required: false, enum: ['csv', 'xlsx'] })
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
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
    if (format !== 'csv' && format !== 'xlsx') throw ApiError.of(400, 'export_format_invalid');
    await this.exports.stream(format, query, meta, res);
  }

  @GetEndpoint('transactions/stats', { summary: 'The tiles of All Transactions and Deposit Management', type: TransactionStats })
  stats(@RequestMetadata() meta: RequestMeta): Promise<TransactionStats> {
    return this.services.send(LedgerCommands.transactionStats, {}, meta);
  }

  @ActionEndpoint('transactions/:id/approve', { summary: 'Deposit credited, withdrawal paid out from the hold, investment payment completed', type: TransactionView, errors: [404, 409] })
  approve(@Param('id', transactionId) id: string, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.decideTransaction, { id, decision: 'approve' }, meta);
  }

  @ActionEndpoint('transactions/:id/reject', { summary: 'Marked failed; a withdrawal’s hold goes back to available', type: TransactionView, errors: [400, 404, 409] })
  reject(@Param('id', transactionId) id: string, @Body() body: RejectTransactionBody, @RequestMetadata() meta: RequestMeta): Promise<TransactionView> {
    return this.services.send(LedgerCommands.decideTransaction, { id, decision: 'reject', reason: body.reason }, meta);
  }

  @GetEndpoint('security-deposits', { summary: 'Every security deposit with its client', type: SecurityDepositList })
  securityDeposits(@RequestMetadata() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.services.send(LedgerCommands.listSecurityDeposits, {}, meta);
  }

  @PostEndpoint('security-deposits', { summary: 'Create a locked security deposit for a customer (lock reason defaults to Investment security requirement)', type: SecurityDepositView, errors: [400, 404, 422] })
  @ApiIdempotencyKey()
  createSecurityDeposit(@Body() body: CreateSecurityDepositPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.createSecurityDeposit, { ...body, idempotencyKey }, meta);
  }

  @ActionEndpoint('security-deposits/:id/lock', { summary: 'Re-lock (reason: Re-locked for security)', type: SecurityDepositView, errors: [404, 409] })
  lock(@Param('id', securityDepositId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.setSecurityDepositLock, { id, locked: true }, meta);
  }

  @ActionEndpoint('security-deposits/:id/unlock', { summary: 'Emergency unlock (reason: Emergency unlock approved); the amount becomes available', type: SecurityDepositView, errors: [404, 409] })
  unlock(@Param('id', securityDepositId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositView> {
    return this.services.send(LedgerCommands.setSecurityDepositLock, { id, locked: false }, meta);
  }

  @GetEndpoint('ledger/check', { summary: 'Verifies the book: transfers and currencies sum to zero, balances equal their entries', type: LedgerCheckReport })
  check(@RequestMetadata() meta: RequestMeta): Promise<LedgerCheckReport> {
    return this.services.send(LedgerCommands.checkLedger, {}, meta);
  }
}
