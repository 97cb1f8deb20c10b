import { randomUUID } from 'node:crypto';
import { connect, ConsumerMessages, NatsConnection } from 'nats';
import { EventDefinition, EventEnvelope, StreamDefinition } from '@portal/contracts';
import { decodeJson, encodeEvent, ensureStream } from './library';

/** An event as its owner's outbox relay would publish it; override any envelope field. */
export function eventEnvelope<P extends object>(event: EventDefinition<P>, payload: NoInfer<P>, overrides: Partial<Omit<EventEnvelope<P>, 'payload' | 'subject'>> = {}): EventEnvelope<P> {
  return { id: randomUUID(), subject: event.subject, occurredAt: new Date().toISOString(), requestId: randomUUID(), payload, ...overrides };
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, describe: () => string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await what();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Publishes events to a test NATS as the owning service's relay would, and waits for a
 * service's durable consumer to have acknowledged them.
 */
export class EventPublisher {
  private constructor(readonly connection: NatsConnection) {}

  static async connect(natsUrl: string): Promise<EventPublisher> {
    return new EventPublisher(await connect({ servers: natsUrl }));
  }

  /**
   * Publishes an envelope to its stream (created if needed); msgID defaults to the event
   * id, as the relay does: another msgID simulates a replay that JetStream's
   * de-duplication does not catch. Returns the event's sequence in the stream.
   */
  async publish(stream: StreamDefinition, event: EventEnvelope, msgID = event.id): Promise<number> {
    await ensureStream(await this.connection.jetstreamManager(), stream);
    const ack = await this.connection.jetstream().publish(event.subject, encodeEvent(event), { msgID });
    if (ack.duplicate) throw new Error(`JetStream dropped ${msgID} as a duplicate`);
    return ack.seq;
  }

  /** Publishes raw bytes on a subject of the stream: an event that cannot even be decoded. */
  async publishRaw(stream: StreamDefinition, subject: string, data: Uint8Array): Promise<number> {
    await ensureStream(await this.connection.jetstreamManager(), stream);
    return (await this.connection.jetstream().publish(subject, data)).seq;
  }

  /** Waits until the service's durable consumer (named after the service) has acknowledged the stream up to seq. */
  async waitUntilHandled(stream: StreamDefinition, consumer: string, seq: number, timeoutMs = 10_000): Promise<void> {
    const jsm = await this.connection.jetstreamManager();
    let floor = 0;
    await until(
      async () => {
        try {
          floor = (await jsm.consumers.info(stream.name, consumer)).ack_floor.stream_seq;
        } catch {
          return undefined; // the consumer is not created yet
        }
        return floor >= seq ? true : undefined;
      },
      () => `${consumer} did not acknowledge ${stream.name} #${seq} within ${timeoutMs} ms (ack floor ${floor})`,
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** Every event a service publishes to its stream, read back from JetStream as a consumer would. */
export class StreamRecorder {
  private constructor(
    readonly received: EventEnvelope[],
    private readonly messages: ConsumerMessages,
    private readonly reading: Promise<void>,
  ) {}

  /** Opens an ordered reader of the stream from its start; waits for the stream (the relay creates it on its first round). */
  static async open(connection: NatsConnection, stream: StreamDefinition, timeoutMs = 10_000): Promise<StreamRecorder> {
    const jsm = await connection.jetstreamManager();
    await until(
      () => jsm.streams.info(stream.name).then(() => true, () => undefined),
      () => `the ${stream.name} stream did not appear within ${timeoutMs} ms`,
      timeoutMs,
    );
    const messages = await (await connection.jetstream().consumers.get(stream.name)).consume();
    const received: EventEnvelope[] = [];
    const reading = (async () => {
      for await (const message of messages) received.push(decodeJson<EventEnvelope>(message.data));
    })();
    return new StreamRecorder(received, messages, reading);
  }

  /** The first event of the kind whose payload matches, waiting for it to be published. */
  async waitFor<P extends object>(event: EventDefinition<P>, matches: (payload: P) => boolean = () => true, timeoutMs = 5_000): Promise<EventEnvelope<P>> {
    return (await this.waitForCount(event, matches, 1, timeoutMs))[0];
  }

  /** The matching events once at least `count` of them have arrived. */
  async waitForCount<P extends object>(event: EventDefinition<P>, matches: (payload: P) => boolean, count: number, timeoutMs = 5_000): Promise<EventEnvelope<P>[]> {
    return until(
      () => {
        const found = this.all(event, matches);
        return found.length >= count ? found : undefined;
      },
      () => `${this.all(event, matches).length} of ${count} ${event.subject} events arrived within ${timeoutMs} ms`,
      timeoutMs,
    );
  }

  all<P extends object>(event: EventDefinition<P>, matches: (payload: P) => boolean = () => true): EventEnvelope<P>[] {
    return this.received.filter((received): received is EventEnvelope<P> => received.subject === event.subject && matches(received.payload as P));
  }

  async close(): Promise<void> {
    await this.messages.close();
    await this.reading.catch(() => undefined);
  }
}
