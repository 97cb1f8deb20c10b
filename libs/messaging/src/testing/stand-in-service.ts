import { JSONCodec, NatsConnection } from 'nats';
import type { CommandDefinition, ErrorBody, ServiceRequest } from '@portal/contracts';
import { encodedReply, splitAttachment, type WithAttachment } from './library';

const codec = JSONCodec();

/** A refusal a stand-in answers with, travelling as a service's ServiceError does. */
export class FakeServiceError extends Error {
  constructor(readonly body: ErrorBody | string) {
    super(typeof body === 'string' ? body : body.message);
  }
}

/** What a stand-in was sent: the envelope, and the raw bytes after it when the command carried some. */
export type StandInRequest = ServiceRequest<Record<string, unknown>> & WithAttachment;

/** What the stand-in answers: a reply (or its promise); throw a FakeServiceError to refuse. */
export type StandInReply = (payload: Record<string, unknown>, request: StandInRequest) => unknown;

/** A stand-in answering one command: what it was asked, and `stop()` (or `unsubscribe()`) to stop answering. */
export interface StandIn {
  readonly requests: StandInRequest[];
  /** Stops answering at once. */
  unsubscribe(): void;
  /** Stops answering, once the server knows (a request sent after it goes unanswered). */
  stop(): Promise<void>;
  /** Resolves when it has stopped answering. */
  readonly closed: Promise<void>;
}

/**
 * Answers one command in place of the service that owns it, as a Nest microservice would
 * (`{id, response}` or `{id, err}`), so a suite can run one service without the others and
 * decide what the others answer, how slowly, or that they refuse. The one fake responder of
 * the test suites: flush the connection before the first request is expected.
 */
export function answerCommand(
  connection: NatsConnection,
  command: CommandDefinition | string,
  reply: StandInReply,
  options: { queue?: string; delayMs?: number } = {},
): StandIn {
  const subscription = connection.subscribe(typeof command === 'string' ? command : command.subject, options.queue ? { queue: options.queue } : {});
  const requests: StandInRequest[] = [];
  void (async () => {
    for await (const message of subscription) {
      const split = splitAttachment(message.data, message.headers);
      const packet = codec.decode(split?.envelope ?? message.data) as { id: string; data: StandInRequest };
      if (split?.attachment) packet.data.attachment = Buffer.from(split.attachment);
      requests.push(packet.data);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      try {
        const response = await reply(packet.data.payload, packet.data);
        // As a service answers: a Buffer as raw bytes after the envelope.
        const { data, headers } = encodedReply({ id: packet.id, response: response ?? null, isDisposed: true });
        message.respond(data, { headers });
      } catch (error) {
        const err = error instanceof FakeServiceError ? error.body : String(error);
        message.respond(codec.encode({ id: packet.id, err, isDisposed: true }));
      }
    }
  })();
  // Its own object: a nats Subscription already has a `stop` of its own, used internally.
  return {
    requests,
    unsubscribe: () => subscription.unsubscribe(),
    stop: async () => {
      subscription.unsubscribe();
      await connection.flush();
    },
    closed: subscription.closed.then(() => undefined),
  };
}
