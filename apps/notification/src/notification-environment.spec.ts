import 'reflect-metadata';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { NotificationEnvironment } from './notification-environment';

describe('NotificationEnvironment', () => {
  it('has working local defaults', () => {
    const environment = loadEnvironment(NotificationEnvironment, {});
    expect(environment).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: '"Investment Portal" <no-reply@portal.local>',
      EMAIL_WORKER_CONCURRENCY: 5,
      EMAIL_WORKER_INLINE: true,
      EMAIL_RETRY_DELAY_MS: 30_000,
      BULLMQ_PREFIX: 'bull',
    });
  });

  it('takes a BullMQ prefix with a hash tag, and refuses one with spaces', () => {
    expect(loadEnvironment(NotificationEnvironment, { BULLMQ_PREFIX: '{bull}' }).BULLMQ_PREFIX).toBe('{bull}');
    expect(() => loadEnvironment(NotificationEnvironment, { BULLMQ_PREFIX: '{my bull}' })).toThrow(/BULLMQ_PREFIX/);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('reads EMAIL_WORKER_INLINE=%s as %s', (value, expected) => {
    expect(loadEnvironment(NotificationEnvironment, { EMAIL_WORKER_INLINE: value }).EMAIL_WORKER_INLINE).toBe(expected);
  });

  it('refuses, on a Redis Cluster, a BullMQ prefix without a hash tag', () => {
    const cluster = { REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379' };
    for (const prefix of ['bull', '{}bull', 'bull{', '{bull']) {
      expect(() => loadEnvironment(NotificationEnvironment, { ...cluster, BULLMQ_PREFIX: prefix })).toThrow(/BULLMQ_PREFIX \(bad value\): must carry a hash tag, e.g. \{bull\}, while REDIS_CLUSTER_NODES is set/);
    }
    for (const prefix of ['{bull}', 'portal:{bull}', '{portal}:bull']) {
      expect(loadEnvironment(NotificationEnvironment, { ...cluster, BULLMQ_PREFIX: prefix }).BULLMQ_PREFIX).toBe(prefix);
    }
    expect(loadEnvironment(NotificationEnvironment, { BULLMQ_PREFIX: 'bull' }).BULLMQ_PREFIX).toBe('bull');
  });

  it('reads numbers from their text', () => {
    expect(loadEnvironment(NotificationEnvironment, { EMAIL_WORKER_CONCURRENCY: '10', EMAIL_RETRY_DELAY_MS: '250' })).toMatchObject({
      EMAIL_WORKER_CONCURRENCY: 10,
      EMAIL_RETRY_DELAY_MS: 250,
    });
  });

  it('names the variables it cannot use', () => {
    let problems: string[] = [];
    try {
      loadEnvironment(NotificationEnvironment, { SMTP_URL: 'http://mail', EMAIL_WORKER_CONCURRENCY: '0', EMAIL_WORKER_INLINE: 'sometimes' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      problems = (error as ConfigurationError).problems;
    }
    expect(problems).toEqual([
      expect.stringContaining('SMTP_URL'),
      expect.stringContaining('EMAIL_WORKER_CONCURRENCY'),
      expect.stringContaining('EMAIL_WORKER_INLINE'),
    ]);
  });
});
