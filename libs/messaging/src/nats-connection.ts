import { connect, NatsConnection } from 'nats';
import type { Logger } from '@portal/logging';

/** A NATS connection that keeps reconnecting for as long as the process lives. */
export async function connectToNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const connection = await connect({
    servers: url.split(','),
    name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    waitOnFirstConnect: true,
    // Without it every request captures two stack traces (an Error and a time-out error
    // made in advance): measurable on the gateway's hot path. A time-out still answers 504.
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') logger.warn({ nats: status.type }, `NATS ${status.type}`);
    }
  })();
  return connection;
}
