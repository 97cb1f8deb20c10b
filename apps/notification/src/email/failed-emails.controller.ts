import { Controller } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  Actor,
  EmptyPayload,
  FailedEmailDismissed,
  FailedEmailIdPayload,
  FailedEmailPage,
  FailedEmailRetried,
  NotificationCommands,
  NotificationEvents,
  RequestMeta,
} from '@portal/contracts';
import { addToOutbox, CommandActor, CommandMeta, CommandPayload, HandlesCommand, PlatformSettings, requireAdminPermission, ServiceError } from '@portal/messaging';
import { EmailQueue, FailedEmail, FailedEmailRefusal } from './email-queue';

/**
 * Emails that failed after every retry, for admins whose role has the "notifications"
 * permission: listed, retried or dismissed. Each action is recorded in the audit trail
 * (notification.audit.recorded, through the outbox) in the transaction that acts, so an
 * action that fails records nothing. The record names the template and the event, not the
 * address: the audit trail outlives the failed job.
 */
@Controller()
export class FailedEmailsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly emailQueue: EmailQueue,
  ) {}

  @HandlesCommand(NotificationCommands.listFailedEmails)
  async list(@CommandActor() actor: Actor | null, @CommandPayload() _payload: EmptyPayload): Promise<FailedEmailPage> {
    this.admin(actor);
    const { jobs, total } = await this.emailQueue.failed();
    return {
      total,
      items: jobs.map((job) => ({
        jobId: String(job.id),
        template: job.data.template,
        recipient: job.data.to,
        attemptsMade: job.attemptsMade,
        failedReason: job.failedReason ?? '',
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      })),
    };
  }

  /**
   * Retry and dismiss are atomic against each other (EmailQueue): of two admins acting on the
   * same job at once exactly one acts and is recorded; the other is refused (404 when the
   * first dismissed it, 409 when the first queued it again) and nothing is recorded for it.
   */
  @HandlesCommand(NotificationCommands.retryFailedEmail)
  async retry(@CommandActor() actor: Actor | null, @CommandPayload() { jobId }: FailedEmailIdPayload, @CommandMeta() meta: RequestMeta): Promise<FailedEmailRetried> {
    const admin = this.admin(actor);
    return this.dataSource.transaction(async (manager) => {
      const { email, state } = refused(await this.emailQueue.retryFailed(jobId));
      await this.audit(manager, admin, meta, email, 'failed_email_retried', `Retried the failed ${email.data.template} email`);
      return { jobId, state };
    });
  }

  @HandlesCommand(NotificationCommands.dismissFailedEmail)
  async dismiss(@CommandActor() actor: Actor | null, @CommandPayload() { jobId }: FailedEmailIdPayload, @CommandMeta() meta: RequestMeta): Promise<FailedEmailDismissed> {
    const admin = this.admin(actor);
    return this.dataSource.transaction(async (manager) => {
      const email = refused(await this.emailQueue.dismissFailed(jobId));
      await this.audit(manager, admin, meta, email, 'failed_email_dismissed', `Dismissed the failed ${email.data.template} email; it will not be sent`);
      return { jobId };
    });
  }

  private audit(manager: EntityManager, admin: Actor, meta: RequestMeta, email: FailedEmail, actionType: string, description: string) {
    return addToOutbox(manager, NotificationEvents.auditRecorded, {
      category: 'admin_action',
      actionType,
      actor: { userId: admin.userId },
      targetType: 'email',
      targetId: email.jobId,
      description,
      metadata: { template: email.data.template, eventId: email.data.eventId, attemptsMade: email.attemptsMade, failedReason: email.failedReason },
      clientIp: meta.clientIp ?? null,
    });
  }

  private admin(actor: Actor | null): Actor {
    return requireAdminPermission(this.settings, actor, 'notifications', 'broadcast_not_allowed');
  }
}

/** The value, or the refusal as the API answers it: 404 gone, 409 someone acted first. */
function refused<T>(outcome: T | FailedEmailRefusal): T {
  if (outcome === 'not_found') throw ServiceError.of(404, 'failed_email_not_found');
  if (outcome === 'not_failed') throw ServiceError.of(409, 'failed_email_no_longer_failed');
  return outcome as T;
}
