import { Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import {
  ApplicationPage,
  BalanceQuery,
  BalanceView,
  CustomerViewAccount,
  InvestmentList,
  OwnTransactionsQuery,
  PortfolioPerformance,
  PortfolioPerformanceQuery,
  RequestMeta,
  SecurityDepositList,
  TicketDetail,
  TicketPage,
  TransactionPage,
  TransactionSummary,
} from '@portal/contracts';
import { OwnApplicationsQuery } from '../applications/applications.dto';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { TicketListQuery } from '../support/support.dto';
import { ticketId } from '../support/ticket-id';
import { ViewAccount } from './view-account';
import { ViewApplications } from './view-applications';
import { ViewInvestments } from './view-investments';
import { ViewMoney } from './view-money';
import { ViewTickets } from './view-tickets';

const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'user_not_found') });
const READ_ONLY = 'Read only, as the customer sees it (same shape as the customer’s own endpoint); each call is recorded in the audit trail (customer_viewed) before anything is read, or refused with 503.';

/**
 * Issue 30: "view as customer" for admins whose role has the users permission. Every route
 * is a GET answering exactly what the customer's own endpoint answers them; there is no
 * route that changes anything. A user id that is an administrator's is 400
 * (customer_view_not_a_customer), an unknown one 404 (user_not_found).
 */
@ApiController('admin', 'api/v1/admin/customer-view/:userId')
@ApiParam({ name: 'userId', format: 'uuid', description: 'The customer’s user id' })
export class CustomerViewController {
  constructor(
    private readonly account: ViewAccount,
    private readonly money: ViewMoney,
    private readonly investments: ViewInvestments,
    private readonly tickets: ViewTickets,
    private readonly applications: ViewApplications,
  ) {}

  @GetEndpoint({ summary: `The customer viewed: name, email, statuses (the view’s banner). ${READ_ONLY}`, type: CustomerViewAccount, errors: [400, 404] })
  @RequiresAdminPermission('users')
  view(@Param('userId', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<CustomerViewAccount> {
    return this.account.run(id, meta);
  }

  @GetEndpoint('balance', { summary: `The customer’s balances in a currency (GET /api/v1/balance). ${READ_ONLY}`, type: BalanceView, errors: [400, 404] })
  @RequiresAdminPermission('users')
  balance(@Param('userId', userId) id: string, @Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<BalanceView> {
    return this.money.balance(id, query, meta);
  }

  @GetEndpoint('transactions/summary', { summary: `The four cards of the customer’s Deposits and Withdrawals screen (GET /api/v1/transactions/summary). ${READ_ONLY}`, type: TransactionSummary, errors: [400, 404] })
  @RequiresAdminPermission('users')
  summary(@Param('userId', userId) id: string, @Query() query: BalanceQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionSummary> {
    return this.money.summary(id, query, meta);
  }

  @GetEndpoint('transactions', { summary: `The customer’s transactions, newest first (GET /api/v1/transactions). ${READ_ONLY}`, type: TransactionPage, errors: [400, 404] })
  @RequiresAdminPermission('users')
  transactions(@Param('userId', userId) id: string, @Query() query: OwnTransactionsQuery, @RequestMetadata() meta: RequestMeta): Promise<TransactionPage> {
    return this.money.transactions(id, { type: query.type, status: query.status, cursor: query.cursor, limit: query.limit }, meta);
  }

  @GetEndpoint('security-deposits', { summary: `The customer’s security deposits (GET /api/v1/security-deposits). ${READ_ONLY}`, type: SecurityDepositList, errors: [400, 404] })
  @RequiresAdminPermission('users')
  securityDeposits(@Param('userId', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.money.securityDeposits(id, meta);
  }

  @GetEndpoint('investments', { summary: `The customer’s investments (GET /api/v1/investments). ${READ_ONLY}`, type: InvestmentList, errors: [400, 404] })
  @RequiresAdminPermission('users')
  listInvestments(@Param('userId', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<InvestmentList> {
    return this.investments.investments(id, meta);
  }

  @GetEndpoint('portfolio/performance', { summary: `The customer’s portfolio performance (GET /api/v1/portfolio/performance). ${READ_ONLY}`, type: PortfolioPerformance, errors: [400, 404] })
  @RequiresAdminPermission('users')
  performance(@Param('userId', userId) id: string, @Query() query: PortfolioPerformanceQuery, @RequestMetadata() meta: RequestMeta): Promise<PortfolioPerformance> {
    return this.investments.performance(id, query, meta);
  }

  @GetEndpoint('applications', { summary: `The customer’s investment applications, drafts included, newest first (GET /api/v1/applications). ${READ_ONLY}`, type: ApplicationPage, errors: [400, 404] })
  @RequiresAdminPermission('users')
  listApplications(@Param('userId', userId) id: string, @Query() query: OwnApplicationsQuery, @RequestMetadata() meta: RequestMeta): Promise<ApplicationPage> {
    return this.applications.list(id, query, meta);
  }

  @GetEndpoint('support/tickets', { summary: `The customer’s support tickets, newest first (GET /api/v1/support/tickets). ${READ_ONLY}`, type: TicketPage, errors: [400, 404] })
  @RequiresAdminPermission('users')
  listTickets(@Param('userId', userId) id: string, @Query() query: TicketListQuery, @RequestMetadata() meta: RequestMeta): Promise<TicketPage> {
    return this.tickets.list(id, query, meta);
  }

  @GetEndpoint('support/tickets/:ticketId', { summary: `One of the customer’s tickets with its conversation, marking nothing read (GET /api/v1/support/tickets/{id}). ${READ_ONLY}`, type: TicketDetail, errors: [400, 404] })
  @RequiresAdminPermission('users')
  @ApiParam({ name: 'ticketId', format: 'uuid' })
  ticket(@Param('userId', userId) id: string, @Param('ticketId') ticket: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.tickets.get(id, ticketId(ticket), meta);
  }
}
