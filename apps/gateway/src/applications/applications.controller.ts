import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { AdminApplicationsQuery, AdminInvestmentsQuery, ApplicationBody, OwnApplicationsQuery, ReviewBody } from './applications.dto';

const notFound = () => ApiError.of(404, 'application_not_found');
const applicationId = new ParseUUIDPipe({ exceptionFactory: notFound });

/** The customer's own applications; the owner is always the verified caller. */
@ApiTags('applications')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/applications')
export class ApplicationsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @ApiOperation({ summary: 'Submit an application (status pending), or save a draft with draft: true' })
  @ApiCreatedResponse({ type: ApplicationView })
  @ApiErrorResponses(400, 403)
  submit(@Body() body: ApplicationBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.submit, body, meta);
  }

  @Get()
  @ApiOperation({ summary: 'Your applications, drafts included, newest first' })
  @ApiOkResponse({ type: ApplicationPage })
  list(@Query() query: OwnApplicationsQuery, @RequestMetadata() meta: RequestMeta): Promise<ApplicationPage> {
    return this.services.send(ApplicationsCommands.listOwn, { status: query.status }, meta);
  }

  @Get('latest-status')
  @ApiOperation({ summary: 'Status of your newest submitted application (null when none): the deposit gate' })
  @ApiOkResponse({ type: LatestApplicationStatus })
  latestStatus(@RequestMetadata() meta: RequestMeta): Promise<LatestApplicationStatus> {
    return this.services.send(ApplicationsCommands.latestStatus, {}, meta);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your applications (another person’s: 404)' })
  @ApiOkResponse({ type: ApplicationView })
  @ApiErrorResponses(404)
  get(@Param('id', applicationId) id: string, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.getOwn, { applicationId: id }, meta);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change your draft; with draft: false it is submitted' })
  @ApiOkResponse({ type: ApplicationView })
  @ApiErrorResponses(400, 404, 409)
  updateDraft(@Param('id', applicationId) id: string, @Body() body: ApplicationBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.updateDraft, { ...body, applicationId: id }, meta);
  }
}

const investmentNotFound = () => ApiError.of(404, 'investment_not_found');
const investmentId = new ParseUUIDPipe({ exceptionFactory: investmentNotFound });

/** The customer's investments, as the ledger keeps them: funding, accrual, maturity. */
@ApiTags('applications')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/investments')
export class InvestmentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Your investments: awaiting funding, active, matured or cancelled, with funding, accrued return, fee and net payout' })
  @ApiOkResponse({ type: InvestmentList })
  list(@RequestMetadata() meta: RequestMeta): Promise<InvestmentList> {
    return this.services.send(LedgerInvestmentCommands.listOwnInvestments, {}, meta);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @UserTypes('customer')
  @ApiOperation({ summary: 'Cancel your investment while it awaits funding; any funded part returns to your available balance' })
  @ApiOkResponse({ type: InvestmentView })
  @ApiErrorResponses(404, 409)
  cancel(@Param('id', investmentId) id: string, @RequestMetadata() meta: RequestMeta): Promise<InvestmentView> {
    return this.services.send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id }, meta);
  }
}

/** Admin review: the service checks the admin role's investments permission. */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('investments')
@Controller('api/v1/admin')
export class AdminApplicationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('applications')
  @ApiOperation({ summary: 'Submitted applications with search, status and type filters, and counters' })
  @ApiOkResponse({ type: AdminApplicationPage })
  @ApiErrorResponses(400)
  list(@Query() query: AdminApplicationsQuery, @RequestMetadata() meta: RequestMeta): Promise<AdminApplicationPage> {
    return this.services.send(ApplicationsCommands.adminList, { q: query.q, status: query.status, type: query.type, limit: query.limit, cursor: query.cursor }, meta);
  }

  @Post('applications/:id/review')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move an application: pending → under_review → approved or rejected, with a note (approval opens the investment)' })
  @ApiOkResponse({ type: ApplicationView })
  @ApiErrorResponses(400, 404, 409)
  review(@Param('id', applicationId) id: string, @Body() body: ReviewBody, @RequestMetadata() meta: RequestMeta): Promise<ApplicationView> {
    return this.services.send(ApplicationsCommands.review, { applicationId: id, decision: body.decision, note: body.note }, meta);
  }

  @Get('investments')
  @ApiOperation({ summary: 'Investment Oversight: submitted applications and the investments approved ones became, with tiles' })
  @ApiOkResponse({ type: OversightPage })
  @ApiErrorResponses(400)
  investments(@Query() query: AdminInvestmentsQuery, @RequestMetadata() meta: RequestMeta): Promise<OversightPage> {
    return this.services.send(ApplicationsCommands.adminInvestments, { q: query.q, status: query.status, limit: query.limit }, meta);
  }
}
