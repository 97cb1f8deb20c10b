import { connect, NatsConnection } from 'nats';
import { EventEnvelope, IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { encodeEvent, ensureStream } from '@portal/messaging';
import { NOTIFICATION_CONSUMER } from '../event-intake/identity-events.consumer';

/** Publishes identity events to the test NATS as identity's outbox relay would. */
export class IdentityEventPublisher {
  private constructor(private readonly connection: NatsConnection) {}

  static async connect(natsUrl: string): Promise<IdentityEventPublisher> {
    const connection = await connect({ servers: natsUrl });
    await ensureStream(await connection.jetstreamManager(), IDENTITY_EVENTS_STREAM);
    return new IdentityEventPublisher(connection);
  }

  /**
   * Publishes an event; msgID defaults to the event id (as the relay does). Passing
   * another msgID simulates a replay that JetStream's de-duplication does not catch.
   * Returns the event's sequence number in the stream.
   */
  async publish(event: EventEnvelope, msgID = event.id): Promise<number> {
    const ack = await this.connection.jetstream().publish(event.subject, encodeEvent(event), { msgID });
    if (ack.duplicate) throw new Error(`JetStream dropped ${msgID} as a duplicate`);
    return ack.seq;
  }

  /** Waits until the notification service has acknowledged every event up to seq. */
  async waitUntilHandled(seq: number, timeoutMs = 10_000): Promise<void> {
    const jsm = await this.connection.jetstreamManager();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await jsm.consumers.info(IDENTITY_EVENTS_STREAM.name, NOTIFICATION_CONSUMER);
      if (info.ack_floor.stream_seq >= seq) return;
      if (Date.now() > deadline) throw new Error(`event ${seq} not acknowledged within ${timeoutMs} ms (ack floor ${info.ack_floor.stream_seq})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
