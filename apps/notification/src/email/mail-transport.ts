import { createTransport } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * SMTP from the URL (smtp://user:pass@host:port, smtps:// for TLS), over a pool of at
 * most `connections` kept-open connections (one per concurrent job is enough): a
 * connection, greeting and EHLO per email cost us and the mail relay more than the
 * message itself, and relays limit connections per client. A connection is replaced
 * after 100 messages or when the server drops it. The transport is built from SMTPPool
 * directly because createTransport drops every other option when given a URL, and a hung
 * mail server must fail the attempt, not stall the worker.
 */
export function createMailTransport(smtpUrl: string, from: string, connections: number) {
  const pool = new SMTPPool({ pool: true, url: smtpUrl, maxConnections: connections, maxMessages: 100, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return createTransport(pool, { from });
}

export type MailTransport = ReturnType<typeof createMailTransport>;

/** The domain of the sender's address, for Message-IDs: '"Portal" <no-reply@portal.local>' → 'portal.local'. */
export function senderDomain(from: string): string {
  const match = /@([^\s<>@"]+)>?\s*$/.exec(from);
  return match ? match[1] : 'localhost';
}
