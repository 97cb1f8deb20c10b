import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailDelivery } from './email-delivery.entity';
import { EmailJobData, emailJobId } from './email-job';
import { MAIL_TRANSPORT, MailTransport, senderDomain } from './mail-transport';
import { isEmailTemplateName, renderEmail } from './templates';

export interface SendEmailResult {
  messageId: string;
  /** True when an earlier run had already sent it and this one did nothing. */
  alreadySent: boolean;
}

/** The mail server refused the message itself (5xx on the envelope): retrying cannot help. */
function isPermanentRefusal(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * Sends one queued email: renders its template, hands it to the SMTP server and records
 * the delivery. A failure is thrown back to BullMQ, which retries with back-off.
 */
@Injectable()
export class SendEmailJob {
  private readonly domain: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.domain = senderDomain(environment.MAIL_FROM);
  }

  async run(job: Job<EmailJobData>): Promise<SendEmailResult> {
    const { eventId, template, to } = job.data;
    if (!isEmailTemplateName(template)) throw new UnrecoverableError(`unknown email template "${String(template)}"`);

    // A run after a crash between the SMTP hand-over and the job's completion finds the
    // delivery already recorded and stops there.
    const delivered = await this.dataSource.getRepository(EmailDelivery).findOneBy({ eventId, template });
    if (delivered) return { messageId: delivered.messageId, alreadySent: true };

    let email;
    try {
      email = renderEmail(template, job.data.params as never, job.data.language);
    } catch (error) {
      throw new UnrecoverableError(`email ${template} could not be rendered: ${String(error)}`);
    }

    // The same Message-ID on every attempt lets receiving servers discard a duplicate.
    const messageId = `<${emailJobId(eventId, template)}@${this.domain}>`;
    try {
      await this.transport.sendMail({ to, subject: email.subject, text: email.text, html: email.html, messageId });
    } catch (error) {
      if (isPermanentRefusal(error)) throw new UnrecoverableError(`mail server refused the message: ${String(error)}`);
      throw error;
    }

    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(EmailDelivery)
      .values({ id: randomUUID(), eventId, template, recipient: to, subject: email.subject, messageId, sentAt: new Date() })
      .orIgnore()
      .execute();
    this.logger.info({ eventId, template, jobId: job.id, attempt: job.attemptsMade + 1 }, 'email sent');
    return { messageId, alreadySent: false };
  }
}
