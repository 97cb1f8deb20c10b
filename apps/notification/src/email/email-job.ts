import { JobsOptions } from 'bullmq';
import { EmailTemplateName, EmailTemplateParams, Language } from './templates';
import { EMAIL_DELIVERY_RETENTION_DAYS } from './email-delivery-retention';

/** An email to send: a template, its values and the recipient. */
export type EmailRequest = {
  [T in EmailTemplateName]: { template: T; to: string; params: EmailTemplateParams[T] };
}[EmailTemplateName];

/**
 * Who an email is addressed to, said by the producer (never guessed from the template):
 * - `currentAddressOf` set: the user's address as notification knows it when the email is
 *   sent (the recipients read model, kept from identity's registered and email-changed
 *   events), so a job still waiting or retrying follows an address change; `to` (the
 *   address when queued) only when no address is known for them. Activity emails (deposit
 *   completed, ticket answered, ...) are of this kind.
 * - absent: exactly `to`. Security notices and links are tied to an address (the email-change
 *   link to the new one, the change notice to the old one, confirmation and reset links, the
 *   account-deleted confirmation), and jobs queued before this field existed have only `to`.
 */
export interface EmailAddressing {
  currentAddressOf?: string;
}

/**
 * One email as queued: the template's values rather than the rendered text, so the
 * worker renders with the templates it runs.
 */
export type EmailJobData = EmailRequest &
  EmailAddressing & {
  /** The event that asked for this email; with the template it identifies the email. */
  eventId: string;
  requestId?: string;
  /** The recipient's language; English when absent (jobs queued before emails were translated). */
  language?: Language;
};

/**
 * The job id is the email's identity, so adding it again (a replayed event) is a no-op
 * while the job is kept. BullMQ refuses custom ids containing ':', hence the dot.
 */
export function emailJobId(eventId: string, template: EmailTemplateName): string {
  return `${eventId}.${template}`;
}

export const EMAIL_SEND_ATTEMPTS = 5;
const SEVEN_DAYS_IN_SECONDS = 7 * 24 * 3600;

export function emailJobOptions(eventId: string, template: EmailTemplateName, retryDelayMs: number): JobsOptions {
  return {
    jobId: emailJobId(eventId, template),
    attempts: EMAIL_SEND_ATTEMPTS,
    backoff: { type: 'exponential', delay: retryDelayMs },
    // Completed jobs are kept a week: that is how long a replayed event whose processed
    // row was lost still finds its job id taken. Failed jobs stay 30 days for admins to see
    // (they hold the address and the name), as long as the log of sent emails.
    removeOnComplete: { age: SEVEN_DAYS_IN_SECONDS },
    removeOnFail: { age: EMAIL_DELIVERY_RETENTION_DAYS * 24 * 3600 },
  };
}
