import { createTransport, Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
export type MailTransport = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * SMTP from the URL (smtp://user:pass@host:port, smtps:// for TLS). The transport is
 * built from SMTPTransport directly because createTransport drops every other option
 * when given a URL, and a hung mail server must fail the attempt, not stall the worker.
 */
export function createMailTransport(smtpUrl: string, from: string): MailTransport {
  const smtp = new SMTPTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return createTransport(smtp, { from });
}

/** The domain of the sender's address, for Message-IDs: '"Portal" <no-reply@portal.local>' → 'portal.local'. */
export function senderDomain(from: string): string {
  const match = /@([^\s<>@"]+)>?\s*$/.exec(from);
  return match ? match[1] : 'localhost';
}
