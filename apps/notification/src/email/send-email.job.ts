import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { preparedQuery } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailJobData, emailJobId } from './email-job';
import { MAIL_TRANSPORT, MailTransport, senderDomain } from './mail-transport';
import { isEmailTemplateName, renderEmail } from './templates';

export interface SendEmailResult {
  /** Null when nothing was sent: the person's account was deleted. */
  messageId: string | null;
  /** True when an earlier run had already sent it and this one did nothing. */
  alreadySent: boolean;
  /** The address it went to (for an email to the user's current address, the one known when it went). */
  to?: string;
}

// One job per email: the two statements are named, parsed and planned once per connection
// (email_deliveries is the EmailDelivery entity's table).
const DELIVERED_SQL = `SELECT message_id AS "messageId" FROM notification.email_deliveries WHERE event_id = $1 AND template = $2`;
// The user's address now (recipients, kept from identity's events) and whether the account was deleted (erased_users).
const CURRENT_ADDRESS_SQL = `SELECT r.email, (e.user_id IS NOT NULL) AS erased FROM (SELECT $1::uuid AS user_id) u
  LEFT JOIN notification.recipients r ON r.user_id = u.user_id LEFT JOIN notification.erased_users e ON e.user_id = u.user_id`;
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
    private readonly clock: Clock,
  ) {
    this.domain = senderDomain(environment.MAIL_FROM);
  }

  async run(job: Job<EmailJobData>): Promise<SendEmailResult> {
    const { eventId, template } = job.data;
    if (!isEmailTemplateName(template)) throw new UnrecoverableError(`unknown email template "${String(template)}"`);

    // A run after a crash between the SMTP hand-over and the job's completion finds the
    // delivery already recorded and stops there.
    const [delivered] = await preparedQuery<{ messageId: string }>(this.dataSource, 'notification.email-delivered', DELIVERED_SQL, [eventId, template]);
    if (delivered) return { messageId: delivered.messageId, alreadySent: true };

    const to = await this.addressOf(job.data);
    if (to === null) {
      this.logger.info({ eventId, template, jobId: job.id }, 'the account was deleted; email not sent');
      return { messageId: null, alreadySent: false };
    }

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

    await preparedQuery(this.dataSource, 'notification.email-delivery', RECORD_DELIVERY_SQL, [randomUUID(), eventId, template, to, email.subject, messageId, this.clock.now()]);
    this.logger.info({ eventId, template, jobId: job.id, attempt: job.attemptsMade + 1 }, 'email sent');
    return { messageId, alreadySent: false, to };
  }

  /**
   * Where the email goes now (see EmailAddressing): the queued address, or the user's
   * current one; null when it was for the user's current address and their account has
   * since been deleted (they have none, and the old one is no longer theirs to write to).
   */
  private async addressOf(data: EmailJobData): Promise<string | null> {
    if (!data.currentAddressOf) return data.to;
    const [row] = await preparedQuery<{ email: string | null; erased: boolean }>(this.dataSource, 'notification.email-current-address', CURRENT_ADDRESS_SQL, [data.currentAddressOf]);
    if (row?.erased) return null;
    return row?.email ?? data.to;
  }
}
