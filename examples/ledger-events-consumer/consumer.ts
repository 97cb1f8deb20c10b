/**
 * An internal service's subscriber to the ledger's events, as docs/events.md describes it:
 * a durable consumer of its own on LEDGER_EVENTS, acknowledgements after handling, and
 * de-duplication by event id (delivery is at least once). Only `nats` at run time: the
 * contracts are used for their types.
 *
 *   NATS_URL=nats://localhost:4222 NATS_USER=events-reader NATS_PASSWORD=... \
 *   CONSUMER_NAME=reporting-ledger [START_TIME=2026-03-01T00:00:00Z] \
 *   node consumer.js        (compiled with tsc, or run consumer.ts with a TypeScript runner)
 */
import { AckPolicy, connect, ConsumerMessages, DeliverPolicy, DeliveryInfo, JetStreamManager, JSONCodec, nanos, NatsConnection } from 'nats';
import type { EventEnvelope, TransactionEvent } from '@portal/contracts';

export const LEDGER_STREAM = 'LEDGER_EVENTS';

export interface LedgerConsumerOptions {
  natsUrl: string;
  /** The events-reader login (npm run -s nats:config -- --out DIR writes DIR/events-reader.env); none on a development NATS. */
  user?: string;
  password?: string;
  /** The durable consumer's name: your own (not a portal service's), so the stream remembers where you are. */
  consumerName: string;
  /** For a new consumer: deliver from this time instead of from the start of the stream (a Date, or RFC 3339 text, nanoseconds allowed). */
  startTime?: Date | string;
  /**
   * Your handling; an event is acknowledged only after it resolves, and comes back if it
   * throws. `delivery` says where it is in the stream (sequence, the time it was stored).
   */
  handle: (event: EventEnvelope, delivery: DeliveryInfo) => Promise<void> | void;
  /**
   * The ids of the events handled already. In memory here; a real subscriber keeps them with
   * what it writes, in the same transaction (the portal's services use a processed_events table).
   */
  handled?: Set<string>;
}

export interface RunningConsumer {
  /** Events skipped because their id was handled already. */
  readonly duplicates: number;
  stop(): Promise<void>;
}

const codec = JSONCodec<EventEnvelope>();

/**
 * Creates the durable consumer when it does not exist yet. Its start (all, or from a time)
 * is fixed at creation: to replay, create a consumer under a new name with a start time.
 */
export async function ensureDurableConsumer(jsm: JetStreamManager, consumerName: string, startTime?: Date | string): Promise<void> {
  try {
    await jsm.consumers.info(LEDGER_STREAM, consumerName);
    return;
  } catch (error) {
    if (!String(error).includes('consumer not found')) throw error;
  }
  await jsm.consumers.add(LEDGER_STREAM, {
    durable_name: consumerName,
    ack_policy: AckPolicy.Explicit,
    // How long the server waits for the acknowledgement before delivering again.
    ack_wait: nanos(60_000),
    ...(startTime ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: typeof startTime === 'string' ? startTime : startTime.toISOString() } : { deliver_policy: DeliverPolicy.All }),
  });
}

/** Connects, ensures the consumer and handles the ledger's events until stopped. */
export async function runLedgerConsumer(options: LedgerConsumerOptions): Promise<RunningConsumer> {
  const connection: NatsConnection = await connect({ servers: options.natsUrl, ...(options.user ? { user: options.user, pass: options.password ?? '', inboxPrefix: `_INBOX_${options.user}` } : {}), name: options.consumerName });
  const handled = options.handled ?? new Set<string>();
  let duplicates = 0;
  let messages: ConsumerMessages;
  try {
    await ensureDurableConsumer(await connection.jetstreamManager(), options.consumerName, options.startTime);
    const consumer = await connection.jetstream().consumers.get(LEDGER_STREAM, options.consumerName);
    messages = await consumer.consume({ max_messages: 50 });
  } catch (error) {
    await connection.close();
    throw error;
  }
  const reading = (async () => {
    for await (const message of messages) {
      const event = codec.decode(message.data);
      if (handled.has(event.id)) {
        duplicates += 1;
        message.ack();
        continue;
      }
      try {
        await options.handle(event, message.info);
        handled.add(event.id);
        message.ack();
      } catch {
        // Not acknowledged: delivered again after a pause.
        message.nak(5_000);
      }
    }
  })();
  return {
    get duplicates() {
      return duplicates;
    },
    async stop() {
      await messages.close();
      await reading;
      await connection.drain();
    },
  };
}

function summary(event: EventEnvelope): string {
  if (event.subject.startsWith('ledger.deposit.') || event.subject.startsWith('ledger.withdrawal.')) {
    const payload = event.payload as TransactionEvent;
    return `${event.subject} ${payload.reference} ${payload.amount} ${payload.currency} (${payload.status})`;
  }
  return event.subject;
}

async function main(): Promise<void> {
  const consumerName = process.env.CONSUMER_NAME;
  if (!consumerName) throw new Error('CONSUMER_NAME is required: your durable consumer’s name');
  const running = await runLedgerConsumer({
    natsUrl: process.env.NATS_URL ?? 'nats://localhost:4222',
    user: process.env.NATS_USER,
    password: process.env.NATS_PASSWORD,
    consumerName,
    startTime: process.env.START_TIME || undefined,
    handle: (event) => void process.stdout.write(`${event.occurredAt} ${event.id} ${summary(event)}\n`),
  });
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
