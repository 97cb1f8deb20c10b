import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailTransport } from './mail-transport';

/** A local SMTP server that counts the connections it was opened and the messages it took. */
async function countingMailServer() {
  const seen = { connections: 0, messages: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP, like the MailDev and relays on a private network the product talks to in tests.
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    onConnect: (_session, callback) => {
      seen.connections++;
      callback();
    },
    onData: (stream, _session, callback) => {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        seen.messages.push(body);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { seen, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the mail transport', () => {
  it('sends every email over a few kept-open connections, not one connection per email', async () => {
    const mail = await countingMailServer();
    const transport = createMailTransport(mail.url, '"Portal" <no-reply@portal.local>', 2);
    try {
      const sent = await Promise.all(
        Array.from({ length: 12 }, (_, i) => transport.sendMail({ to: `customer${i}@example.com`, subject: `Withdrawal ${i}`, text: `Your withdrawal ${i} was requested.` })),
      );
      expect(sent.every((info) => info.accepted.length === 1)).toBe(true);
      expect(mail.seen.messages).toHaveLength(12);
      expect(mail.seen.messages.some((body) => body.includes('Your withdrawal 7 was requested.'))).toBe(true);
      expect(mail.seen.connections).toBeLessThanOrEqual(2);
    } finally {
      transport.close();
      await mail.close();
    }
  });

  it('fails the send, instead of hanging, when the mail server is not there', async () => {
    const mail = await countingMailServer();
    await mail.close();
    const transport = createMailTransport(mail.url, '"Portal" <no-reply@portal.local>', 2);
    try {
      await expect(transport.sendMail({ to: 'customer@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      transport.close();
    }
  });
});
