import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailJobData, emailJobId } from './email-job';
import { MAIL_TRANSPORT, MailTransport, senderDomain } from './mail-transport';
import { isEmailTemplateName, renderEmail } from './templates';

export interface SendEmailResult {
  messageId: string;
  /** True when an earlier run had already sent it and this one did nothing. */
  alreadySent: boolean;
}

// One job per email: the two statements are named, parsed and planned once per connection
// (email_deliveries is the EmailDelivery entity's table).
const DELIVERED_SQL = `SELECT message_id AS "messageId" FROM notification.email_deliveries WHERE event_id = $1 AND template = $2`;
const RECORD_DELIVERY_SQL = `INSERT INTO notification.email_deliveries (id, event_id, template, recipient, subject, message_id, sent_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`;

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
    const [delivered] = await preparedQuery<{ messageId: string }>(this.dataSource, 'notification.email-delivered', DELIVERED_SQL, [eventId, template]);
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

    await preparedQuery(this.dataSource, 'notification.email-delivery', RECORD_DELIVERY_SQL, [randomUUID(), eventId, template, to, email.subject, messageId, new Date()]);
    this.logger.info({ eventId, template, jobId: job.id, attempt: job.attemptsMade + 1 }, 'email sent');
    return { messageId, alreadySent: false };
  }
}
