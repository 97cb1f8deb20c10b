import { randomUUID } from 'node:crypto';
import { ErrorCode, headers as natsHeaders, JSONCodec, NatsConnection, NatsError } from 'nats';
import { CommandDefinition, ErrorBody, RequestMeta, ServiceRequest } from '@portal/contracts';
import { currentRequestId, newRequestId } from '@portal/logging';
import { ATTACHMENT_HEADER, splitAttachment, withAttachment } from './command-attachment';
import { CommandKeys, signCommand } from './command-signatures';
import { replyInboxOf } from './reply-inbox';
import { ServiceCallError, ServiceError } from './service-error';
import { withCommandSpan } from './trace-propagation';

const codec = JSONCodec();

interface NestReply<R> {
  id?: string;
  response?: R;
  err?: unknown;
  isDisposed?: boolean;
}

function serviceName(subject: string): string {
  return subject.split('.')[0];
}

function asErrorBody(err: unknown): ErrorBody {
  if (err && typeof err === 'object' && 'statusCode' in err && 'message' in err) return err as ErrorBody;
  return ServiceError.of(500, 'unexpected_error').body;
}

/**
 * Sends commands to services over NATS request/reply, in the packet format of Nest's
 * NATS transport, through the connection's reply inbox. A service with no running
 * instance is known at once (the server's no-responders status: 503) instead of waiting
 * for the time-out (504). Each command is signed with the sender's key (see
 * command-signatures.ts); services refuse what no trusted key signed.
 */
export class ServiceClient {
  constructor(
    private readonly currentConnection: () => NatsConnection,
    private readonly timeoutMs: number,
    /** The sender's signing keys; null only where a test proves that an unsigned command is refused. */
    private readonly keys: CommandKeys | null,
  ) {}

  /** Sends a command and resolves with its reply; a refusal or an outage rejects with ServiceCallError. */
  send<P extends object, R>(command: CommandDefinition<P, R>, payload: NoInfer<P>, meta: Partial<RequestMeta> = {}, timeoutMs = this.timeoutMs): Promise<R> {
    return this.request<R>(command.subject, payload, meta, timeoutMs);
  }

  /**
   * Sends a command with raw bytes after its JSON envelope (its handler reads them with
   * @CommandAttachment()): a file's part travels as itself, not as base64 inside the JSON.
   */
  sendWithAttachment<P extends object, R>(command: CommandDefinition<P, R>, payload: NoInfer<P>, attachment: Uint8Array, meta: Partial<RequestMeta> = {}, timeoutMs = this.timeoutMs): Promise<R> {
    return this.request<R>(command.subject, payload, meta, timeoutMs, attachment);
  }

  /** The untyped transport under `send`; only test clients expose it, to send deliberately malformed input. */
  protected async request<R>(subject: string, payload: unknown, meta: Partial<RequestMeta>, timeoutMs = this.timeoutMs, attachment?: Uint8Array): Promise<R> {
    const request: ServiceRequest<unknown> = {
      meta: { requestId: meta.requestId ?? currentRequestId() ?? newRequestId(), actor: meta.actor ?? null, clientIp: meta.clientIp, userAgent: meta.userAgent },
      payload,
    };
    const packet = { pattern: subject, data: request, id: randomUUID() };
    const envelope = codec.encode(packet);
    const body = attachment ? withAttachment(envelope, attachment) : envelope;
    return withCommandSpan(subject, async (traceHeaders) => {
      let headers = traceHeaders;
      if (attachment) {
        headers ??= natsHeaders();
        headers.set(ATTACHMENT_HEADER, String(attachment.length));
      }
      if (this.keys) headers = signCommand(this.keys, subject, body, timeoutMs, headers ?? natsHeaders());
      let reply: NestReply<R>;
      let bytes: Buffer | undefined;
      try {
        const message = await replyInboxOf(this.currentConnection()).request(subject, body, { timeout: timeoutMs, headers });
        // A handler that answered with a Buffer sent it as raw bytes after the reply's envelope.
        const split = splitAttachment(message.data, message.headers);
        if (!split) throw new Error('The bytes declared after the reply do not fit in it');
        reply = codec.decode(split.envelope) as NestReply<R>;
        bytes = split.attachment;
      } catch (error) {
        throw new ServiceCallError(this.transportError(subject, error));
      }
      if (reply.err !== undefined && reply.err !== null) throw new ServiceCallError(asErrorBody(reply.err));
      return (bytes ?? reply.response) as R;
    });
  }

  private transportError(subject: string, error: unknown): ErrorBody {
    const name = serviceName(subject);
    const code = (error as NatsError)?.code;
    if (code === ErrorCode.NoResponders || code === ErrorCode.ConnectionClosed || code === ErrorCode.Disconnect) {
      return ServiceError.of(503, 'service_unavailable', { params: { name } }).body;
    }
    if (code === ErrorCode.Timeout) {
      return ServiceError.of(504, 'service_timeout', { params: { name } }).body;
    }
    return ServiceError.of(503, 'service_unreachable', { params: { name } }).body;
  }
}
