import { AckPolicy, DeliverPolicy, JSONCodec, JetStreamManager, NatsConnection, RetentionPolicy, StorageType, nanos } from 'nats';
import { EventEnvelope, StreamDefinition } from '@portal/contracts';
import type { Logger } from '@portal/logging';

const codec = JSONCodec();

/** Creates the stream, or widens its subject list when a release adds events. */
export async function ensureStream(jsm: JetStreamManager, stream: StreamDefinition): Promise<void> {
  try {
    const info = await jsm.streams.info(stream.name);
    const subjects = new Set(info.config.subjects ?? []);
    if (stream.subjects.every((subject) => subjects.has(subject))) return;
    await jsm.streams.update(stream.name, { ...info.config, subjects: [...new Set([...subjects, ...stream.subjects])] });
  } catch (error) {
    if ((error as { code?: string }).code !== '404' && !String(error).includes('stream not found')) throw error;
    await jsm.streams.add({
      name: stream.name,
      subjects: [...stream.subjects],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      // Long enough to replay a consumer that was down for days; short because events can
      // carry single-use links and personal data.
      max_age: nanos(7 * 24 * 3600 * 1000),
      duplicate_window: nanos(10 * 60 * 1000),
    });
  }
}

export interface DurableConsumerOptions {
  connection: NatsConnection;
  stream: StreamDefinition;
  /** Durable name: the consuming service, so its replicas share one consumer. */
  durable: string;
  handle: (event: EventEnvelope) => Promise<void>;
  logger: Logger;
  maxDeliver?: number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * Pulls a stream's events through a durable consumer and acknowledges each one after
 * its handler succeeds; a failed handler gets the event again after a delay.
 */
export async function consumeDurably(options: DurableConsumerOptions): Promise<RunningConsumer> {
  const jsm = await options.connection.jetstreamManager();
  await ensureStream(jsm, options.stream);
  try {
    await jsm.consumers.info(options.stream.name, options.durable);
  } catch {
    await jsm.consumers.add(options.stream.name, {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(60_000),
      max_deliver: options.maxDeliver ?? 20,
    });
  }
  const consumer = await options.connection.jetstream().consumers.get(options.stream.name, options.durable);
  const messages = await consumer.consume({ max_messages: 50 });
  const done = (async () => {
    for await (const message of messages) {
      let event: EventEnvelope;
      try {
        event = codec.decode(message.data) as EventEnvelope;
      } catch {
        options.logger.error({ subject: message.subject, seq: message.seq }, 'undecodable event dropped');
        message.term();
        continue;
      }
      try {
        await options.handle(event);
        message.ack();
      } catch (error) {
        const delayMs = Math.min(60_000, 1_000 * 2 ** Math.min(message.info.redeliveryCount, 6));
        options.logger.warn({ eventId: event.id, subject: event.subject, err: String(error), delayMs }, 'event handling failed; will retry');
        message.nak(delayMs);
      }
    }
  })();
  return {
    async stop() {
      await messages.close();
      await done.catch(() => undefined);
    },
  };
}

export function encodeEvent(envelope: EventEnvelope): Uint8Array {
  return codec.encode(envelope);
}
