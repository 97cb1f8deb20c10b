import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import type { EventEnvelope, StreamDefinition } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { decodeJson, requireStream } from '@portal/messaging';
import type { NatsConnectionHolder } from '../connections/nats-connection.holder';

/**
 * The wait before trying a feed again: while its stream does not exist yet (its owner has
 * not started) every second; after its reader stopped, doubled with each stop in a row
 * (a reader that delivered an event, or ran longer than the longest wait, starts afresh).
 */
export const FEED_RETRY_MS = 1_000;
export const FEED_RETRY_MAX_MS = 30_000;

/** A stream to follow, whole or through one filter subject (several need NATS 2.10). */
export interface Feed {
  stream: StreamDefinition;
  filter?: string;
}

/**
 * Reads event streams on this replica, new events only, with an ordered consumer of its
 * own per stream: JetStream gives every replica every event. Never creates a stream (its
 * owning service does, with the cluster's replica count): until it exists its feed is
 * retried and the others are read. Each feed has at most one reader; a reader that stops or
 * fails is logged and started again after a back-off, so the feed never silently ends.
 */
export class EventFeeds {
  /** The one reader of each feed followed now, by stream name. */
  private readonly readers = new Map<string, ConsumerMessages>();
  /** Stops in a row of each feed's reader: its back-off. */
  private readonly stops = new Map<string, number>();
  private following: Promise<void> | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private markReady!: () => void;
  /** Resolves once every feed is read (tests wait for it: only new events are read). */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly nats: NatsConnectionHolder,
    private readonly logger: Logger,
    private readonly feeds: readonly Feed[],
    private readonly onEvent: (event: EventEnvelope) => Promise<void>,
  ) {}

  /** How many feeds are read now (one reader each at most). */
  get count(): number {
    return this.readers.size;
  }

  /** Follows every feed not read yet; one round at a time. */
  start(): void {
    this.retry = null;
    if (this.stopped || this.following) return;
    this.following = this.followMissing()
      .catch((error) => this.logger.error({ err: String(error) }, 'live updates could not be started'))
      .finally(() => {
        this.following = null;
        if (this.stopped) return;
        if (this.missingFeeds().length === 0) this.markReady();
        else this.scheduleStart();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.following;
    const readers = [...this.readers.values()];
    this.readers.clear();
    await Promise.all(readers.map((reader) => reader.close().catch(() => undefined)));
  }

  private missingFeeds(): Feed[] {
    return this.feeds.filter((feed) => !this.readers.has(feed.stream.name));
  }

  private scheduleStart(): void {
    if (this.stopped || this.retry) return;
    const stops = Math.max(1, ...this.missingFeeds().map((feed) => this.stops.get(feed.stream.name) ?? 0));
    const delay = Math.min(FEED_RETRY_MS * 2 ** Math.min(stops - 1, 16), FEED_RETRY_MAX_MS);
    this.retry = setTimeout(() => this.start(), delay);
    this.retry.unref();
  }

  /** Only the feeds without a reader: a feed already read never gets a second one. */
  private async followMissing(): Promise<void> {
    for (const feed of this.missingFeeds()) {
      if (this.stopped) return;
      try {
        const connection = this.nats.connected;
        if (!connection) throw new Error('NATS is not connected yet');
        await this.follow(connection, feed);
      } catch (error) {
        this.logger.warn({ stream: feed.stream.name, err: String(error) }, 'live updates of this feed not started yet; retrying');
      }
    }
  }

  private async follow(connection: NatsConnection, { stream, filter }: Feed): Promise<void> {
    // Read only: the owning service creates the stream with the cluster's replica count.
    await requireStream(await connection.jetstreamManager(), stream.name);
    const consumer = await connection.jetstream().consumers.get(stream.name, { deliver_policy: DeliverPolicy.New, ...(filter ? { filterSubjects: filter } : {}) });
    const messages = await consumer.consume();
    if (this.stopped) {
      await messages.close().catch(() => undefined);
      return;
    }
    this.readers.set(stream.name, messages);
    void this.read(stream, messages).catch((error) => this.logger.error({ stream: stream.name, err: String(error) }, 'live-update reader failed'));
  }

  /** Never rejects: a reader that ends or fails is logged and its feed followed again. */
  private async read(stream: StreamDefinition, messages: ConsumerMessages): Promise<void> {
    let failure: unknown = new Error('the reader ended');
    const startedAt = Date.now();
    try {
      for await (const message of messages) {
        this.stops.delete(stream.name);
        try {
          await this.onEvent(decodeJson<EventEnvelope>(message.data));
        } catch (error) {
          this.logger.warn({ seq: message.seq, stream: stream.name, err: String(error) }, 'live update not delivered');
        }
      }
    } catch (error) {
      failure = error;
    }
    if (this.readers.get(stream.name) === messages) this.readers.delete(stream.name);
    if (this.stopped) return;
    const stops = Date.now() - startedAt > FEED_RETRY_MAX_MS ? 1 : (this.stops.get(stream.name) ?? 0) + 1;
    this.stops.set(stream.name, stops);
    this.logger.warn({ stream: stream.name, stops, err: String(failure) }, 'live-update reader stopped; following the feed again');
    // Its consumer is let go before the feed is followed again with a new one.
    await messages.close().catch(() => undefined);
    this.scheduleStart();
  }
}
