import { Controller } from '@nestjs/common';
import { Job } from 'bullmq';
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
  NotificationMessages,
  RequestMeta,
} from '@portal/contracts';
import { addToOutbox, CommandActor, CommandMeta, CommandPayload, HandlesCommand, PlatformSettings, requireAdminPermission, ServiceError } from '@portal/messaging';
import { EmailJobData } from './email-job';
import { EmailQueue, FailedEmailRefusal } from './email-queue';

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

  @HandlesCommand(NotificationCommands.retryFailedEmail)
  async retry(@CommandActor() actor: Actor | null, @CommandPayload() { jobId }: FailedEmailIdPayload, @CommandMeta() meta: RequestMeta): Promise<FailedEmailRetried> {
    const admin = this.admin(actor);
    return this.dataSource.transaction(async (manager) => {
      const job = await this.failedJob(jobId);
      const state = refused(await this.emailQueue.retryFailed(job));
      await this.audit(manager, admin, meta, job, 'failed_email_retried', `Retried the failed ${job.data.template} email`);
      return { jobId, state };
    });
  }

  @HandlesCommand(NotificationCommands.dismissFailedEmail)
  async dismiss(@CommandActor() actor: Actor | null, @CommandPayload() { jobId }: FailedEmailIdPayload, @CommandMeta() meta: RequestMeta): Promise<FailedEmailDismissed> {
    const admin = this.admin(actor);
    return this.dataSource.transaction(async (manager) => {
      const job = await this.failedJob(jobId);
      refused(await this.emailQueue.dismissFailed(job));
      await this.audit(manager, admin, meta, job, 'failed_email_dismissed', `Dismissed the failed ${job.data.template} email; it will not be sent`);
      return { jobId };
    });
  }

  private async failedJob(jobId: string): Promise<Job<EmailJobData>> {
    return refused(await this.emailQueue.failedJob(jobId));
  }

  private audit(manager: EntityManager, admin: Actor, meta: RequestMeta, job: Job<EmailJobData>, actionType: string, description: string) {
    return addToOutbox(manager, NotificationEvents.auditRecorded, {
      category: 'admin_action',
      actionType,
      actor: { userId: admin.userId },
      targetType: 'email',
      targetId: String(job.id),
      description,
      metadata: { template: job.data.template, eventId: job.data.eventId, attemptsMade: job.attemptsMade, failedReason: job.failedReason ?? null },
      clientIp: meta.clientIp ?? null,
    });
  }

  private admin(actor: Actor | null): Actor {
    return requireAdminPermission(this.settings, actor, 'notifications', NotificationMessages.notAllowed);
  }
}

/** The value, or the refusal as the API answers it: 404 gone, 409 someone acted first. */
function refused<T>(outcome: T | FailedEmailRefusal): T {
  if (outcome === 'not_found') throw ServiceError.notFound(NotificationMessages.failedEmailNotFound, 'failed_email_not_found');
  if (outcome === 'not_failed') throw ServiceError.conflict(NotificationMessages.failedEmailNoLongerFailed, 'failed_email_no_longer_failed');
  return outcome as T;
}
