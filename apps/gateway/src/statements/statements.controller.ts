import { Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdentityCommands, LedgerStatementCommands, MonthlyStatement, RequestMeta, StatementCustomer, StatementQuery } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { UserTypes } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { ApiController } from '../openapi/endpoint.decorators';
import { renderStatementPdf, statementFileName } from './statement-pdf';

/** Issue 28: the signed-in customer's monthly statements, as PDF files made from the ledger's figures. */
@ApiController('money', 'api/v1/statements')
@ApiErrorResponses(400)
@UserTypes('customer')
export class StatementsController {
  constructor(private readonly services: ServiceClient) {}

  @Get(':month')
  @ApiOperation({
    summary:
      'The statement of a month (YYYY-MM, UTC) of the available balance in a currency, as a PDF: opening balance, every posting with the running balance, closing balance, investments with accrued returns. The current month runs to now; a later month is refused (400).',
  })
  @ApiParam({ name: 'month', description: 'YYYY-MM', example: '2026-04' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The statement, as an attachment named statement-YYYY-MM-CUR.pdf', schema: { type: 'string', format: 'binary' } })
  async download(@Param('month') month: string, @Query() query: StatementQuery, @RequestMetadata() meta: RequestMeta, @Res() reply: FastifyReply): Promise<void> {
    // The name on the statement comes from identity; without it the statement is still made, unnamed.
    const customer = this.customer(meta);
    const statement: MonthlyStatement = await this.services.send(LedgerStatementCommands.monthlyStatement, { month, currency: query.currency }, meta);
    const pdf = await renderStatementPdf({ ...statement, customer: await customer });
    reply.code(200);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${statementFileName(statement)}"`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.send(pdf);
  }

  private customer(meta: RequestMeta): Promise<StatementCustomer | null> {
    return this.services.send(IdentityCommands.getCurrentUser, {}, meta).then(
      (user) => ({ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }),
      () => null,
    );
  }
}
