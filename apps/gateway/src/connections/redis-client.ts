import { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';

/**
 * A Redis client that never makes a request wait long: commands time out after a second
 * and fail after one reconnection attempt, so a Redis outage degrades the gateway
 * (rate limits open, sign-in checks answer 503) instead of hanging it. It connects on
 * first use, which keeps the offline OpenAPI writer free of connections.
 *
 * Commands issued in the same tick (the rate-limit hits and revocation checks of
 * concurrent requests) go out together in one write and one read (auto-pipelining).
 */
export function createRedisClient(url: string, logger: Logger): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    enableAutoPipelining: true,
    connectionName: `gateway-${process.pid}`,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastWarning = 0;
  client.on('error', (error: Error) => {
    // The client reconnects by itself; one warning per ten seconds is enough to notice.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    logger.warn({ redis: error.message }, 'Redis connection problem');
  });
  return client;
}

/** Closes the client whether or not it is connected; a client still reconnecting stops trying. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
