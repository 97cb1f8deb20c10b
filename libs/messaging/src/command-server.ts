import { MessageHandler, NatsContext, ServerNats } from '@nestjs/microservices';
import { JSONCodec, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import { errorBody, type ServiceRequest } from '@portal/contracts';
import { fixedLineLoggerOf, Logger, newRequestId, runWithRequestContext, traceIdIn } from '@portal/logging';
import { encodedReply, splitAttachment, WithAttachment } from './command-attachment';
import { CommandRefusal, CommandVerifier } from './command-signatures';
import { commandDuration } from './metrics';
import { inTraceContext, startHandlingSpan } from './trace-propagation';

/** One command from its arrival to its answer. */
interface CommandInFlight {
  subject: string;
  startedAt: number;
  requestId?: string;
  traceId?: string;
  answered(reply: { err?: unknown }): void;
}

/** A command no trusted key signed, as the service saw it: for the log and the audit trail. */
export interface RefusedCommand {
  subject: string;
  refusal: CommandRefusal;
  /** The signer the envelope named, when it named one. */
  signer?: string;
  /** The actor the envelope claimed, when it could be read: who someone tried to act as. */
  claimedActor?: unknown;
  requestId?: string;
}

/** How a server checks the commands it receives and what it does with one it refuses. */
export interface CommandGuard {
  verifier: CommandVerifier;
  refused(command: RefusedCommand): void;
}

const codec = JSONCodec<{ id?: unknown; data?: Partial<ServiceRequest>; err?: unknown; isDisposed?: boolean }>();

/** The refusal's status when the reply is an error envelope; 'ok' otherwise. */
function outcomeOf(reply: { err?: unknown }): string {
  if (reply.err === undefined || reply.err === null) return 'ok';
  const status = (reply.err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? String(status) : 'error';
}

/**
 * Nest's NATS server, with what every command needs done around it:
 * - each handler runs inside its caller's request id (log lines, onward commands), and one
 *   line per command is logged and timed (subject, outcome, duration), as the gateway's
 *   access log, so a request can be followed into the service. Done here rather than in a
 *   Nest interceptor: an interceptor puts RxJS and two bound async resources on every
 *   command's path, a tenth of a short read's CPU;
 * - no JSON.parse (and its thrown error) per command: our subjects are plain strings;
 * - a graceful stop: it stops taking commands (its queue-group siblings get them), lets
 *   the commands in flight answer, and only then closes the connection, so a rollout or
 *   a scale-down loses no request. It waits at most `drainTimeoutMs`: a caller has given
 *   up by then anyway;
 * - every message is checked against the guard before anything reads it: a command no
 *   trusted key signed (or expired, or sent again) is answered 401 and reported, so a
 *   process that can merely reach NATS cannot act as anyone.
 */
export class CommandServer extends ServerNats {
  private inFlight = 0;
  private readonly commands = new WeakMap<Msg, CommandInFlight>();
  private readonly byContext = new WeakMap<NatsContext, CommandInFlight>();
  private readonly inRequestContext = new WeakMap<MessageHandler, MessageHandler>();
  /** Each command's attachment, by its message's headers, from arrival to its handler. */
  private readonly attachments = new WeakMap<MsgHdrs, Buffer>();
  private whenIdle: (() => void) | null = null;
  private readonly commandLines?: Logger;

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly drainTimeoutMs: number,
    commandLog: Logger | undefined,
    private readonly guard: CommandGuard | null,
  ) {
    super(options);
    this.commandLines = commandLog && fixedLineLoggerOf(commandLog);
  }

  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : pattern;
  }

  override async handleMessage(channel: string, received: Msg): Promise<unknown> {
    const split = splitAttachment(received.data, received.headers);
    if (this.guard && !this.admitted(this.guard, received, split?.envelope ?? received.data)) return;
    if (!split) {
      // Only a trusted signer could have sent it (the header is signed): a caller's bug, answered rather than left to time out.
      received.respond(codec.encode({ err: errorBody(400, 'The bytes declared after this command do not fit in it.', { code: 'command_attachment_invalid' }), isDisposed: true }));
      return;
    }
    const message = split.attachment ? this.withoutAttachment(received, split.envelope, split.attachment) : received;
    if (!message.reply) return super.handleMessage(channel, message);
    this.inFlight += 1;
    const handling = startHandlingSpan(channel, message.headers);
    let settled = false;
    const command: CommandInFlight = {
      subject: channel,
      startedAt: performance.now(),
      traceId: traceIdIn(handling.context),
      answered: (reply) => {
        if (settled) return;
        settled = true;
        this.record(command, outcomeOf(reply));
        handling.span.end();
        this.inFlight -= 1;
        if (this.inFlight === 0) this.whenIdle?.();
      },
    };
    this.commands.set(message, command);
    try {
      return await inTraceContext(handling.context, () => super.handleMessage(channel, message));
    } catch (error) {
      command.answered({ err: error });
      throw error;
    }
  }

  override getPublisher(message: Msg, id: string, context: NatsContext) {
    const publish = super.getPublisher(message, id, context);
    const command = this.commands.get(message);
    if (!command) return publish;
    this.byContext.set(context, command);
    return (reply: { err?: unknown; response?: unknown; isDisposed?: boolean }) => {
      try {
        // A handler's Buffer goes as raw bytes after the reply's envelope, not as JSON.
        if (Buffer.isBuffer(reply.response)) {
          const { data, headers } = encodedReply({ ...reply, id });
          return message.respond(data, { headers });
        }
        return publish(reply);
      } finally {
        command.answered(reply);
      }
    };
  }

  /**
   * The message as Nest's deserializer should read it: its JSON envelope alone. The
   * attachment waits under the message's headers (the handler's context names them) until
   * the handler's data is known.
   */
  private withoutAttachment(message: Msg, envelope: Uint8Array, attachment: Buffer): Msg {
    this.attachments.set(message.headers as MsgHdrs, attachment);
    return new Proxy(message, {
      get: (target, key) => {
        if (key === 'data') return envelope;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Command handlers run inside their caller's request id (events have their consumers). */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    const handler = super.getHandlerByPattern(pattern);
    if (!handler || handler.isEventHandler) return handler;
    let wrapped = this.inRequestContext.get(handler);
    if (!wrapped) {
      wrapped = ((data: (ServiceRequest & WithAttachment) | undefined, context: NatsContext) => {
        const headers = context.getHeaders() as MsgHdrs | undefined;
        const attachment = headers && this.attachments.get(headers);
        if (data && attachment) data.attachment = attachment;
        const requestId = data?.meta?.requestId ?? newRequestId();
        const command = this.byContext.get(context);
        if (command) command.requestId = requestId;
        return runWithRequestContext({ requestId }, () => handler(data, context));
      }) as MessageHandler;
      this.inRequestContext.set(handler, wrapped);
    }
    return wrapped;
  }

  /** Whether a message may reach its handler; a refused one is answered (when it asks) and reported here. */
  private admitted(guard: CommandGuard, message: Msg, envelope: Uint8Array): boolean {
    const verdict = guard.verifier.check(message.subject, message.data, message.headers);
    if (!('refusal' in verdict)) return true;
    let packet: { id?: unknown; data?: Partial<ServiceRequest> } = {};
    try {
      packet = codec.decode(envelope) ?? {};
    } catch {
      packet = {};
    }
    if (message.reply) {
      const err = errorBody(401, 'This command is not signed by a trusted caller.', { code: 'command_signature_invalid' });
      message.respond(codec.encode({ id: packet.id, err, isDisposed: true }));
    }
    guard.refused({ subject: message.subject, refusal: verdict.refusal, signer: verdict.signer, claimedActor: packet.data?.meta?.actor, requestId: packet.data?.meta?.requestId });
    return false;
  }

  private record(command: CommandInFlight, outcome: string): void {
    const durationMs = Math.round(performance.now() - command.startedAt);
    commandDuration.observe({ subject: command.subject, outcome }, durationMs / 1000);
    // Health checks are polled constantly; keep them out of the info log.
    const level = command.subject.includes('.health.') ? 'debug' : 'info';
    this.commandLines?.[level]({ requestId: command.requestId, ...(command.traceId ? { traceId: command.traceId } : {}), subject: command.subject, outcome, durationMs }, 'command');
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
