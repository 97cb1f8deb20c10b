import 'reflect-metadata';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { loadEnvironment } from '@portal/config';
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

function sendEmailJob(options: { delivered?: Partial<EmailDelivery>; sendMail?: jest.Mock }) {
  const inserted: Record<string, unknown>[] = [];
  // No pool on this stand-in: preparedQuery falls back to dataSource.query.
  const dataSource = {
    driver: {},
    query: async (text: string, values: unknown[]) => {
      if (text.startsWith('SELECT')) return options.delivered ? [{ messageId: options.delivered.messageId }] : [];
      const [, eventId, template, recipient, subject, messageId] = values;
      inserted.push({ eventId, template, recipient, subject, messageId });
      return [];
    },
  } as unknown as DataSource;
  const sendMail = options.sendMail ?? jest.fn(async () => ({ messageId: 'x' }));
  const transport = { sendMail } as unknown as MailTransport;
  const environment = loadEnvironment(NotificationEnvironment, {});
  return { job: new SendEmailJob(dataSource, transport, environment, createLogger('test', 'silent')), sendMail, inserted };
}

describe('SendEmailJob', () => {
  it('sends with a Message-ID derived from the job and records the delivery', async () => {
    const { job: sendEmail, sendMail, inserted } = sendEmailJob({});
    const result = await sendEmail.run(job());
    const messageId = '<8a0a3c9e-54d5-4c1b-9d0e-0d3f3f1c2a11.welcome@portal.local>';
    expect(result).toEqual({ messageId, alreadySent: false });
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'ada@example.test', subject: 'Welcome to Investment Portal', messageId }));
    expect(inserted).toEqual([expect.objectContaining({ template: 'welcome', recipient: 'ada@example.test', messageId })]);
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

  it('refuses a job for a template it does not know', async () => {
    const { job: sendEmail } = sendEmailJob({});
    await expect(sendEmail.run(job({ template: 'newsletter' as never }))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
