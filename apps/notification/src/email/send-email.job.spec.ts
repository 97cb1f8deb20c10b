import 'reflect-metadata';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { loadEnvironment, ManualClock } from '@portal/config';
import { createLogger } from '@portal/logging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailDelivery } from './email-delivery.entity';
import { EmailJobData } from './email-job';
import { MailTransport } from './mail-transport';
import { SendEmailJob } from './send-email.job';

const job = (data: Partial<EmailJobData> = {}) =>
  ({
    id: 'e1.welcome',
    attemptsMade: 0,
    data: { eventId: '8a0a3c9e-54d5-4c1b-9d0e-0d3f3f1c2a11', template: 'welcome', to: 'ada@example.test', params: { signInUrl: 'http://localhost:3000/auth/login' }, ...data },
  }) as unknown as Job<EmailJobData>;

/** What the recipients read model and the tombstones say about a user: their address now, and whether the account was deleted. */
type KnownUser = { email: string | null; erased?: boolean };

/** The service's clock, far from the wall clock (as CLOCK_OFFSET_DAYS sets it): the sending log is kept by it. */
const SENT_AT = '2031-03-10T09:00:00.000Z';
const clock = new ManualClock(SENT_AT);

function sendEmailJob(options: { delivered?: Partial<EmailDelivery>; sendMail?: jest.Mock; users?: Record<string, KnownUser> }) {
  const inserted: Record<string, unknown>[] = [];
  const addressLookups: unknown[] = [];
  // No pool on this stand-in: preparedQuery falls back to dataSource.query.
  const dataSource = {
    driver: {},
    query: async (text: string, values: unknown[]) => {
      if (text.includes('notification.recipients')) {
        addressLookups.push(values[0]);
        const known = options.users?.[values[0] as string];
        return [{ email: known?.email ?? null, erased: known?.erased ?? false }];
      }
      if (text.startsWith('SELECT')) return options.delivered ? [{ messageId: options.delivered.messageId }] : [];
      const [, eventId, template, recipient, subject, messageId, sentAt] = values;
      inserted.push({ eventId, template, recipient, subject, messageId, sentAt });
      return [];
    },
  } as unknown as DataSource;
  const sendMail = options.sendMail ?? jest.fn(async () => ({ messageId: 'x' }));
  const transport = { sendMail } as unknown as MailTransport;
  const environment = loadEnvironment(NotificationEnvironment, {});
  return { job: new SendEmailJob(dataSource, transport, environment, createLogger('test', 'silent'), clock), sendMail, inserted, addressLookups };
}

describe('SendEmailJob', () => {
  it('sends with a Message-ID derived from the job and records the delivery at the service clock\'s time', async () => {
    const { job: sendEmail, sendMail, inserted } = sendEmailJob({});
    const result = await sendEmail.run(job());
    const messageId = '<8a0a3c9e-54d5-4c1b-9d0e-0d3f3f1c2a11.welcome@portal.local>';
    expect(result).toEqual({ messageId, alreadySent: false, to: 'ada@example.test' });
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'ada@example.test', subject: 'Welcome to Investment Portal', messageId }));
    expect(inserted).toEqual([expect.objectContaining({ template: 'welcome', recipient: 'ada@example.test', messageId, sentAt: new Date(SENT_AT) })]);
  });

  it('does not send again when the delivery is already recorded', async () => {
    const { job: sendEmail, sendMail } = sendEmailJob({ delivered: { messageId: '<earlier@portal.local>' } });
    expect(await sendEmail.run(job())).toEqual({ messageId: '<earlier@portal.local>', alreadySent: true });
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('gives up at once when the mail server refuses the recipient', async () => {
    const refusal = Object.assign(new Error('Can\'t send mail - all recipients were rejected: 550 No such user'), { code: 'EENVELOPE', responseCode: 550 });
    const { job: sendEmail } = sendEmailJob({ sendMail: jest.fn(async () => Promise.reject(refusal)) });
    await expect(sendEmail.run(job())).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('leaves temporary failures to the retries', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1025'), { code: 'ESOCKET' });
    const { job: sendEmail } = sendEmailJob({ sendMail: jest.fn(async () => Promise.reject(outage)) });
    await expect(sendEmail.run(job())).rejects.toBe(outage);
  });

  describe('an email for the user\'s current address', () => {
    const userId = '0b6f8a52-3d1e-4f43-9a57-1c1b2d4e5f60';
    const deposit = (data: Partial<EmailJobData> = {}) =>
      job({
        template: 'deposit-completed',
        to: 'old@example.test',
        currentAddressOf: userId,
        params: { firstName: 'Ada', amount: '100.00', currency: 'USD', reference: 'DEP-1', occurredAt: '2030-01-01T00:00:00.000Z', transactionsUrl: 'http://localhost:3000/app/transactions' },
        ...data,
      } as Partial<EmailJobData>);

    it('goes to the address the user has now, not the one it was queued with, and records that one', async () => {
      const { job: sendEmail, sendMail, inserted } = sendEmailJob({ users: { [userId]: { email: 'new@example.test' } } });
      const result = await sendEmail.run(deposit());
      expect(result).toMatchObject({ alreadySent: false, to: 'new@example.test' });
      expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'new@example.test' }));
      expect(inserted).toEqual([expect.objectContaining({ template: 'deposit-completed', recipient: 'new@example.test' })]);
    });

    it('falls back to the queued address when no address is known for the user', async () => {
      const { job: sendEmail, sendMail } = sendEmailJob({ users: {} });
      await sendEmail.run(deposit());
      expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'old@example.test' }));
    });

    it('is not sent once the account was deleted', async () => {
      const { job: sendEmail, sendMail, inserted } = sendEmailJob({ users: { [userId]: { email: null, erased: true } } });
      expect(await sendEmail.run(deposit())).toEqual({ messageId: null, alreadySent: false });
      expect(sendMail).not.toHaveBeenCalled();
      expect(inserted).toEqual([]);
    });

    it('leaves an email tied to an address, and a job queued before addressing existed, at the address it names', async () => {
      const { job: sendEmail, sendMail, addressLookups } = sendEmailJob({ users: { [userId]: { email: 'new@example.test' } } });
      await sendEmail.run(
        job({ template: 'email-changed', to: 'old@example.test', params: { firstName: 'Ada', newEmail: 'new@example.test', changedAt: '2030-01-01T00:00:00.000Z' } } as Partial<EmailJobData>),
      );
      expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'old@example.test' }));
      expect(addressLookups).toEqual([]);
    });
  });

  it('refuses a job for a template it does not know', async () => {
    const { job: sendEmail } = sendEmailJob({});
    await expect(sendEmail.run(job({ template: 'newsletter' as never }))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
