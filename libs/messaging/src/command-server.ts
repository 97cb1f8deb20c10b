import { ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { inTraceContext, startHandlingSpan } from './trace-propagation';

/**
 * Nest's NATS server with two changes:
 * - no JSON.parse (and its thrown error) per command: our subjects are plain strings;
 * - a graceful stop: it stops taking commands (its queue-group siblings get them), lets
 *   the commands in flight answer, and only then closes the connection, so a rollout or
 *   a scale-down loses no request. It waits at most `drainTimeoutMs`: a caller has given
 *   up by then anyway.
 */
export class CommandServer extends ServerNats {
  private inFlight = 0;
  private readonly answered = new WeakMap<Msg, () => void>();
  private whenIdle: (() => void) | null = null;

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly drainTimeoutMs: number,
  ) {
    super(options);
  }

  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : pattern;
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    if (!message.reply) return super.handleMessage(channel, message);
    this.inFlight += 1;
    const handling = startHandlingSpan(channel, message.headers);
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      handling.span.end();
      this.inFlight -= 1;
      if (this.inFlight === 0) this.whenIdle?.();
    };
    this.answered.set(message, settle);
    try {
      return await inTraceContext(handling.context, () => super.handleMessage(channel, message));
    } catch (error) {
      settle();
      throw error;
    }
  }

  override getPublisher(message: Msg, id: string, context: Parameters<ServerNats['getPublisher']>[2]) {
    const publish = super.getPublisher(message, id, context);
    const settle = this.answered.get(message);
    return (response: unknown) => {
      try {
        return publish(response);
      } finally {
        settle?.();
      }
    };
  }

  /** Commands received and not answered yet. */
  get commandsInFlight(): number {
    return this.inFlight;
  }

  /** ServerNats declares these private in its typings; they are plain fields at run time. */
  private get internals(): { subscriptions: Subscription[]; natsClient: NatsConnection | null } {
    return this as unknown as { subscriptions: Subscription[]; natsClient: NatsConnection | null };
  }

  override async close(): Promise<void> {
    // Drained, not just unsubscribed: commands the server already routed here are still
    // taken (an unsubscribe would drop them, and their callers would wait for nothing).
    await Promise.all(this.internals.subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.whenIdle = resolve;
        timer = setTimeout(resolve, this.drainTimeoutMs);
      });
      clearTimeout(timer);
    }
    // The last replies are still in the write buffer: send them before closing.
    await this.internals.natsClient?.flush().catch(() => undefined);
    await super.close();
  }
}
