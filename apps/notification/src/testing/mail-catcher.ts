import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from '@portal/testing';

/** An email as MailDev's REST API returns it (the fields tests read). */
export interface CaughtEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  envelope: { from: { address: string }; to: { address: string }[] };
  time: string;
}

interface MailDevServer {
  listen(): Promise<void>;
  close(callback: (error?: Error) => void): void;
}
type MailDevFactory = new (options: Record<string, unknown>) => MailDevServer;

let running = false;

function sentTo(email: CaughtEmail, address: string): boolean {
  const wanted = address.toLowerCase();
  const recipients = [...(email.envelope?.to ?? []), ...(email.to ?? [])].map((recipient) => recipient.address.toLowerCase());
  return recipients.includes(wanted);
}

/**
 * A real SMTP server for tests: MailDev in the test process on free ports, read back
 * through its REST API. MailDev keeps its state in module scope, so one catcher runs
 * per jest test file (each file has its own module registry).
 */
export class MailCatcher {
  private constructor(
    private readonly server: MailDevServer,
    readonly smtpPort: number,
    readonly webPort: number,
    private readonly mailDirectory: string,
    private readonly signalListeners: { signal: NodeJS.Signals; listener: (...args: unknown[]) => void }[],
  ) {}

  /** The SMTP_URL that delivers into this catcher. */
  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  /** MailDev's web inbox and REST API. */
  get webUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  /** Starts MailDev; pass smtpPort to catch mail on a port chosen earlier (a mail server coming back). */
  static async start(options: { smtpPort?: number } = {}): Promise<MailCatcher> {
    if (running) throw new Error('a MailCatcher is already running in this test file; MailDev allows one per module registry');
    running = true;
    try {
      const smtpPort = options.smtpPort ?? (await freePort());
      const webPort = await freePort();
      const mailDirectory = mkdtempSync(join(tmpdir(), 'portal-test-maildev-'));
      // MailDev installs SIGTERM/SIGINT handlers that exit the process; they are removed
      // again on stop so they do not outlive the catcher.
      const before = new Map((['SIGTERM', 'SIGINT'] as const).map((signal) => [signal, process.listeners(signal)]));
      const MailDev = require('maildev') as MailDevFactory;
      const server = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', mailDirectory, silent: true, disableWeb: false });
      const signalListeners = [...before].flatMap(([signal, existing]) =>
        process
          .listeners(signal)
          .filter((listener) => !existing.includes(listener))
          .map((listener) => ({ signal, listener: listener as (...args: unknown[]) => void })),
      );
      await server.listen();
      await waitForPort(webPort);
      return new MailCatcher(server, smtpPort, webPort, mailDirectory, signalListeners);
    } catch (error) {
      running = false;
      throw error;
    }
  }

  /** Every email caught so far, oldest first. */
  async emails(): Promise<CaughtEmail[]> {
    const response = await fetch(`${this.webUrl}/email`);
    if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
    return (await response.json()) as CaughtEmail[];
  }

  /** Emails caught for an address (envelope or To header), oldest first. */
  async emailsTo(address: string): Promise<CaughtEmail[]> {
    return (await this.emails()).filter((email) => sentTo(email, address));
  }

  /** The newest email to an address, waiting for one to arrive. */
  async lastEmailTo(address: string, options: { timeoutMs?: number } = {}): Promise<CaughtEmail> {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const emails = await this.emailsTo(address);
      if (emails.length > 0) return emails[emails.length - 1];
      if (Date.now() > deadline) throw new Error(`no email to ${address} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
    for (const { signal, listener } of this.signalListeners) process.removeListener(signal, listener);
    rmSync(this.mailDirectory, { recursive: true, force: true });
    running = false;
  }
}
