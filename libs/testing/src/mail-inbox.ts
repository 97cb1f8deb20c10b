/** An email as the MailDev catcher's REST API returns it. */
export interface CaughtEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  date: string;
  to: { address: string; name?: string }[];
}

/** Reads the mail catcher's inbox (MailDev REST API), as a user reads their mailbox. */
export class MailInbox {
  constructor(readonly baseUrl: string) {}

  async emailsTo(address: string): Promise<CaughtEmail[]> {
    const response = await fetch(`${this.baseUrl}/email`);
    if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
    const all = (await response.json()) as CaughtEmail[];
    const wanted = address.toLowerCase();
    return all
      .filter((email) => email.to.some((recipient) => recipient.address.toLowerCase() === wanted))
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  }

  /** Waits for an email to the address (optionally matching its subject) and returns the newest. */
  async lastEmailTo(address: string, options: { subject?: RegExp; timeoutMs?: number; after?: number } = {}): Promise<CaughtEmail> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (;;) {
      const emails = (await this.emailsTo(address)).filter(
        (email) => (!options.subject || options.subject.test(email.subject)) && (!options.after || Date.parse(email.date) >= options.after),
      );
      if (emails.length > 0) return emails[emails.length - 1];
      if (Date.now() > deadline) throw new Error(`no email to ${address}${options.subject ? ` matching ${options.subject}` : ''} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The first link in an email whose URL contains the given path. */
export function linkIn(email: CaughtEmail, path: string): URL {
  const body = `${email.html ?? ''} ${email.text ?? ''}`;
  const match = body.match(new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"'<>]*`));
  if (!match) throw new Error(`no ${path} link in the email "${email.subject}"`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}
