import { Body, Delete, HttpCode, HttpStatus, Param, PipeTransform, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import {
  BroadcastPayload,
  BroadcastResult,
  FAILED_EMAIL_JOB_ID,
  FailedEmailDismissed,
  FailedEmailPage,
  FailedEmailRetried,
  FindRecipientsPayload,
  NotificationCommands,
  RecipientMatches,
  RecipientStats,
  RequestMeta,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { ActionEndpoint, ApiController, GetEndpoint } from '../openapi/endpoint.decorators';

/** A broadcast to thousands waits on identity for the audience and one bulk write: give it room. */
const BROADCAST_TIMEOUT_MS = 30_000;

/** A failed email's id (FailedEmailView.jobId); anything else cannot name one: 404. */
const failedEmailId: PipeTransform<string, string> = {
  transform: (id) => {
    if (!FAILED_EMAIL_JOB_ID.test(id)) throw ApiError.of(404, 'failed_email_not_found');
    return id;
  },
};
const FAILED_EMAIL_ID_PARAM = ApiParam({ name: 'id', description: 'The failed email\'s jobId, as the list gives it' });

/** Admin Notification Center; the notification service checks the role's "notifications" permission. */
@ApiController('admin', 'api/v1/admin/notifications')
@RequiresAdminPermission('notifications')
export class AdminNotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @ActionEndpoint('broadcast', { summary: 'Send a notification to all customers, one user, or customers filtered by status / KYC status', type: BroadcastResult, errors: [400] })
  broadcast(@Body() body: BroadcastPayload, @RequestMetadata() meta: RequestMeta): Promise<BroadcastResult> {
    return this.services.send(NotificationCommands.broadcast, body, meta, BROADCAST_TIMEOUT_MS);
  }

  @GetEndpoint('stats', { summary: 'Recipient statistics: the audiences by status and KYC status, and the latest broadcasts with how many read them', type: RecipientStats })
  stats(@RequestMetadata() meta: RequestMeta): Promise<RecipientStats> {
    return this.services.send(NotificationCommands.recipientStats, {}, meta, BROADCAST_TIMEOUT_MS);
  }

  @GetEndpoint('recipients', { summary: 'People matching a name or email (at most 10), to send a notification to one user', type: RecipientMatches, errors: [400] })
  recipients(@Query() query: FindRecipientsPayload, @RequestMetadata() meta: RequestMeta): Promise<RecipientMatches> {
    return this.services.send(NotificationCommands.findRecipients, { q: query.q }, meta);
  }

  @GetEndpoint('failed-emails', { summary: 'Emails that failed after every retry, kept until someone acts', type: FailedEmailPage })
  failedEmails(@RequestMetadata() meta: RequestMeta): Promise<FailedEmailPage> {
    return this.services.send(NotificationCommands.listFailedEmails, {}, meta);
  }

  @Post('failed-emails/:id/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Queue a failed email again, with all its attempts; one for the person\'s current address goes to the address they have now' })
  @FAILED_EMAIL_ID_PARAM
  @ApiOkResponse({ type: FailedEmailRetried })
  @ApiErrorResponses(404, 409)
  retryFailedEmail(@Param('id', failedEmailId) id: string, @RequestMetadata() meta: RequestMeta): Promise<FailedEmailRetried> {
    return this.services.send(NotificationCommands.retryFailedEmail, { jobId: id }, meta);
  }

  @Delete('failed-emails/:id')
  @ApiOperation({ summary: 'Dismiss a failed email: it is removed and not sent' })
  @FAILED_EMAIL_ID_PARAM
  @ApiOkResponse({ type: FailedEmailDismissed })
  @ApiErrorResponses(404, 409)
  dismissFailedEmail(@Param('id', failedEmailId) id: string, @RequestMetadata() meta: RequestMeta): Promise<FailedEmailDismissed> {
    return this.services.send(NotificationCommands.dismissFailedEmail, { jobId: id }, meta);
  }
}
