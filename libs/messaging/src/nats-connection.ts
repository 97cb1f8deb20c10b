import { readFileSync } from 'node:fs';
import { connect, ConnectionOptions, credsAuthenticator, NatsConnection } from 'nats';
import type { Logger } from '@portal/logging';

/** A process's NATS login, from its environment (all unset: no authentication, as in local development). */
export interface NatsCredentials {
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  NATS_CREDS_FILE?: string;
}

/**
 * Where a login's replies arrive: `_INBOX_<user>.…`, a prefix of its own, so that its
 * permissions let it read its own replies and no other login's (replies carry customers'
 * data; a shared `_INBOX.>` would let the events reader read them all).
 */
export function inboxPrefixOf(user: string): string {
  return `_INBOX_${user}`;
}

/** The connection options that log in with these credentials (none when none are set). */
export function natsAuthOptions(credentials: NatsCredentials = {}): Pick<ConnectionOptions, 'user' | 'pass' | 'authenticator' | 'inboxPrefix'> {
  if (credentials.NATS_CREDS_FILE) return { authenticator: credsAuthenticator(readFileSync(credentials.NATS_CREDS_FILE)) };
  if (credentials.NATS_USER) return { user: credentials.NATS_USER, pass: credentials.NATS_PASSWORD ?? '', inboxPrefix: inboxPrefixOf(credentials.NATS_USER) };
  return {};
}

/** A NATS connection that keeps reconnecting for as long as the process lives. */
export async function connectToNats(url: string, name: string, logger: Logger, credentials: NatsCredentials = {}): Promise<NatsConnection> {
  const connection = await connect({
    servers: url.split(','),
    name,
    ...natsAuthOptions(credentials),
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
      // A refused login or subject is the server's error status: logged, so a permission missing from the registry is seen at once.
      if (status.type === 'error') logger.error({ nats: status.type, err: String(status.data) }, 'NATS error');
    }
  })();
  return connection;
}
