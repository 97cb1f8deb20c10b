import { Body, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  AdminApplicationPage,
  ApplicationPage,
  ApplicationsCommands,
  ApplicationView,
  InvestmentList,
  InvestmentView,
  LedgerInvestmentCommands,
  LatestApplicationStatus,
  OversightPage,
  RequestMeta,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission, SignedIn, UserTypes } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint, PostEndpoint, PutEndpoint } from '../openapi/endpoint.decorators';
import { AdminApplicationsQuery, AdminInvestmentsQuery, ApplicationBody, OwnApplicationsQuery, ReviewBody } from './applications.dto';

const notFound = () => ApiError.of(404, 'application_not_found');
const applicationId = new ParseUUIDPipe({ exceptionFactory: notFound });

/** The customer's own applications; the owner is always the verified caller. */
@ApiController('applications', 'api/v1/applications')
@SignedIn()
export class ApplicationsController {
  constructor(private readonly services: ServiceClient) {}

  @PostEndpoint({ summary: 'Submit an application (status pending), or save a draft with draft: true', type: ApplicationView, errors: [400, 403] })
  submit(@Body() body: ApplicationBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.submit, body, meta);
  }

  @GetEndpoint({ summary: 'Your applications, drafts included, newest first', type: ApplicationPage })
  list(@Query() query: OwnApplicationsQuery, @RequestMetadata() meta: RequestMeta): Promise<ApplicationPage> {
    return this.services.send(ApplicationsCommands.listOwn, { status: query.status }, meta);
  }

  @GetEndpoint('latest-status', { summary: 'Status of your newest submitted application (null when none): the deposit gate', type: LatestApplicationStatus })
  latestStatus(@RequestMetadata() meta: RequestMeta): Promise<LatestApplicationStatus> {
    return this.services.send(ApplicationsCommands.latestStatus, {}, meta);
  }

  @GetEndpoint(':id', { summary: 'One of your applications (another person’s: 404)', type: ApplicationView, errors: [404] })
  get(@Param('id', applicationId) id: string, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.getOwn, { applicationId: id }, meta);
  }

  @PutEndpoint(':id', { summary: 'Change your draft; with draft: false it is submitted', type: ApplicationView, errors: [400, 404, 409] })
  updateDraft(@Param('id', applicationId) id: string, @Body() body: ApplicationBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.updateDraft, { ...body, applicationId: id }, meta);
  }
}

const investmentNotFound = () => ApiError.of(404, 'investment_not_found');
const investmentId = new ParseUUIDPipe({ exceptionFactory: investmentNotFound });

/** The customer's investments, as the ledger keeps them: funding, accrual, maturity. */
@ApiController('applications', 'api/v1/investments')
@SignedIn()
export class InvestmentsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'Your investments: awaiting funding, active, matured or cancelled, with funding, accrued return, fee and net payout', type: InvestmentList })
  list(@RequestMetadata() meta: RequestMeta): Promise<InvestmentList> {
    return this.services.send(LedgerInvestmentCommands.listOwnInvestments, {}, meta);
  }

  @ActionEndpoint(':id/cancel', { summary: 'Cancel your investment while it awaits funding; any funded part returns to your available balance', type: InvestmentView, errors: [404, 409] })
  @UserTypes('customer')
  cancel(@Param('id', investmentId) id: string, @RequestMetadata() meta: RequestMeta): Promise<InvestmentView> {
    return this.services.send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id }, meta);
  }
}

/** Admin review: the service checks the admin role's investments permission. */
@ApiController('admin', 'api/v1/admin')
@RequiresAdminPermission('investments')
export class AdminApplicationsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('applications', { summary: 'Submitted applications with search, status and type filters, and counters', type: AdminApplicationPage, errors: [400] })
  list(@Query() query: AdminApplicationsQuery, @RequestMetadata() meta: RequestMeta): Promise<AdminApplicationPage> {
    return this.services.send(ApplicationsCommands.adminList, { q: query.q, status: query.status, type: query.type, limit: query.limit, cursor: query.cursor }, meta);
  }

  @ActionEndpoint('applications/:id/review', { summary: 'Move an application: pending → under_review → approved or rejected, with a note (approval opens the investment)', type: ApplicationView, errors: [400, 404, 409] })
  review(@Param('id', applicationId) id: string, @Body() body: ReviewBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.review, { applicationId: id, decision: body.decision, note: body.note }, meta);
  }

  @GetEndpoint('investments', { summary: 'Investment Oversight: submitted applications and the investments approved ones became, with tiles', type: OversightPage, errors: [400] })
  investments(@Query() query: AdminInvestmentsQuery, @RequestMetadata() meta: RequestMeta): Promise<OversightPage> {
    return this.services.send(ApplicationsCommands.adminInvestments, { q: query.q, status: query.status, limit: query.limit }, meta);
  }
}
