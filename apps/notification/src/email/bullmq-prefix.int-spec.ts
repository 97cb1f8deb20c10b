import 'reflect-metadata';
import { Redis } from 'ioredis';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { clusterSlotOf } from '@portal/redis';
import { emailConfirmationRequested } from '../testing/identity-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import { emailJobId } from './email-job';

jest.setTimeout(60_000);

/**
 * BULLMQ_PREFIX `{bull}` (for Redis Cluster): the email queue lives under it, producer and
 * worker alike, and every key BullMQ writes for the queue hashes to one cluster slot.
 */
describe('the queues under BULLMQ_PREFIX', () => {
  let notification: NotificationUnderTest;
  let redis: Redis;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_bullmq_prefix', { env: { BULLMQ_PREFIX: '{bull}' } });
    redis = new Redis(notification.infrastructure.redis.url);
  });

  afterAll(async () => {
    redis?.disconnect();
    await notification?.stop();
  });

  it('queues and sends an email under the prefix, its keys in one slot', async () => {
    const event = emailConfirmationRequested();
    await notification.events.publish(IDENTITY_EVENTS_STREAM, event);
    expect((await notification.mail.lastEmailTo(event.payload.email)).subject).toBe('Confirm your email address');
    const job = await notification.emailQueue.getJob(emailJobId(event.id, 'confirm-email'));
    expect(await job?.getState()).toBe('completed');

    const keys = await redis.keys('*email*');
    expect(keys).toContain(`{bull}:email:${emailJobId(event.id, 'confirm-email')}`);
    expect(keys.filter((key) => !key.startsWith('{bull}:email:'))).toEqual([]);
    expect(new Set(keys.map((key) => clusterSlotOf(key)))).toEqual(new Set([clusterSlotOf('{bull}')]));
  });
});
