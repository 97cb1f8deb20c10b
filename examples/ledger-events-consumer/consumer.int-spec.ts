import { randomUUID } from 'node:crypto';
import { connect, DeliveryInfo, JetStreamManager, NatsConnection } from 'nats';
import { EventEnvelope, eventDescription, LEDGER_EVENTS_STREAM, LedgerEvents } from '@portal/contracts';
import { encodeEvent, ensureStream, publishOutboxEvent } from '@portal/messaging';
import { EphemeralNats, NatsLoginEnv, startEphemeralNats } from '@portal/testing';
import { runLedgerConsumer } from './consumer';

/** An outbox row of the ledger, as its relay reads it, with the catalogue's example payload. */
function outboxEvent(event: { subject: string }) {
  return { id: randomUUID(), subject: event.subject, payload: { ...(eventDescription(event.subject).example as Record<string, unknown>) }, occurredAt: new Date(), requestId: null };
}

/** RFC 3339 with nanoseconds, as JetStream takes a start time. */
function rfc3339(nanos: bigint): string {
  return `${new Date(Number(nanos / 1_000_000n)).toISOString().slice(0, 19)}.${(nanos % 1_000_000_000n).toString().padStart(9, '0')}Z`;
}

// Each login reads its replies from an inbox of its own (`_INBOX_<login>`), as the guide says.
const login = (env: NatsLoginEnv | undefined) => (env ? { user: env.NATS_USER, pass: env.NATS_PASSWORD, inboxPrefix: `_INBOX_${env.NATS_USER}` } : {});

describe('the example ledger events consumer (examples/ledger-events-consumer)', () => {
  let nats: EphemeralNats;
  let ledger: NatsConnection;
  let reader: NatsConnection;
  let readerJsm: JetStreamManager;

  /** Runs the example as the events reader until it has handled `last`; resolves with what it handled, in order. */
  async function consumeUntil(consumerName: string, last: string, startTime?: string) {
    const seen: { event: EventEnvelope; delivery: DeliveryInfo }[] = [];
    let reached!: () => void;
    const done = new Promise<void>((resolve) => (reached = resolve));
    const running = await runLedgerConsumer({
      natsUrl: nats.url,
      user: nats.logins?.['events-reader'].NATS_USER,
      password: nats.logins?.['events-reader'].NATS_PASSWORD,
      consumerName,
      startTime,
      handle: (event, delivery) => {
        seen.push({ event, delivery });
        if (event.id === last) reached();
      },
    });
    await done;
    await running.stop();
    return { ids: seen.map(({ event }) => event.id), seen, duplicates: running.duplicates };
  }

  beforeAll(async () => {
    // NATS as in production: the ledger and the events reader each with their own login and permissions.
    nats = await startEphemeralNats({ access: 'least-privilege' });
    ledger = await connect({ servers: nats.url, ...login(nats.logins?.ledger) });
    reader = await connect({ servers: nats.url, ...login(nats.logins?.['events-reader']) });
    readerJsm = await reader.jetstreamManager();
    // The stream as the ledger creates it.
    await ensureStream(await ledger.jetstreamManager(), LEDGER_EVENTS_STREAM);
  });

  afterAll(async () => {
    await ledger?.close();
    await reader?.close();
    await nats?.stop();
  });

  it('receives a deposit’s events once each, even published twice, and replays them from a time under a new name', async () => {
    const js = ledger.jetstream();
    const earlier = outboxEvent(LedgerEvents.withdrawalRequested);
    const deposit = outboxEvent(LedgerEvents.depositRequested);
    const completed = outboxEvent(LedgerEvents.depositCompleted);

    // Published as the ledger's outbox relay publishes them.
    await publishOutboxEvent(js, earlier);
    await publishOutboxEvent(js, deposit);
    // The relay publishing again after a crash: JetStream drops it by its message id.
    expect((await publishOutboxEvent(js, deposit)).duplicate).toBe(true);
    // Past the duplicate window the stream would keep a second copy: the consumer skips it by the event id.
    await js.publish(deposit.subject, encodeEvent({ id: deposit.id, subject: deposit.subject, occurredAt: deposit.occurredAt.toISOString(), payload: deposit.payload }));
    await publishOutboxEvent(js, completed);

    const run = await consumeUntil('reporting-ledger', completed.id);
    expect(run.ids).toEqual([earlier.id, deposit.id, completed.id]);
    expect(run.duplicates).toBe(1);
    expect(run.seen[1].event).toEqual({ id: deposit.id, subject: 'ledger.deposit.requested.v1', occurredAt: deposit.occurredAt.toISOString(), payload: deposit.payload });
    // Everything was acknowledged: the durable consumer has nothing left for a second run.
    const info = await readerJsm.consumers.info(LEDGER_EVENTS_STREAM.name, 'reporting-ledger');
    expect({ pending: info.num_pending, unacknowledged: info.num_ack_pending }).toEqual({ pending: 0, unacknowledged: 0 });

    // A replay from the time the deposit was stored, as a new consumer with a start time. A
    // microsecond early (the time arrives as a float): the earlier event was stored a whole
    // publish round trip before.
    const storedAt = BigInt(run.seen[1].delivery.timestampNanos) - 1_000n;
    const replay = await consumeUntil('reporting-ledger-replay', completed.id, rfc3339(storedAt));
    expect(replay.ids).toEqual([deposit.id, completed.id]);
    expect(replay.duplicates).toBe(1);
  });
});
