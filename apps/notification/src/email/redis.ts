import { Redis } from 'ioredis';
import type { HealthCheck } from '@portal/messaging';
import type { Logger } from '@portal/logging';

/**
 * A Redis connection for the email queue. The producer's fails fast while Redis is
 * away (the event is then retried from JetStream instead of hanging); the worker's
 * waits and reconnects, as BullMQ requires for blocking reads.
 */
export function createRedisConnection(url: string, role: 'producer' | 'worker', logger: Logger): Redis {
  const connection = new Redis(url, {
    connectionName: `notification-email-${role}`,
    ...(role === 'producer' ? { maxRetriesPerRequest: 1, enableOfflineQueue: false } : { maxRetriesPerRequest: null }),
  });
  // Log an outage once, not on every reconnect attempt.
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ redis: role, err: error.message }, 'Redis connection lost; reconnecting');
  });
  connection.on('ready', () => {
    if (down) logger.info({ redis: role }, 'Redis connection restored');
    down = false;
  });
  return connection;
}

export async function closeRedisConnection(connection: Redis): Promise<void> {
  await connection.quit().catch(() => connection.disconnect());
}

export function redisHealthCheck(connection: Redis): HealthCheck {
  return {
    name: 'redis',
    check: async () => {
      const reply = await connection.ping();
      if (reply !== 'PONG') throw new Error(`unexpected PING reply: ${reply}`);
    },
  };
}
