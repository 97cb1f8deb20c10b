import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { headers as natsHeaders, JSONCodec, type MsgHdrs } from 'nats';

/**
 * A command may carry raw bytes (a file's part) after its JSON envelope, in the same NATS
 * message: this header says how many of the message's last bytes they are. The signature
 * covers the whole message and this header (command-signatures.ts), so neither the bytes
 * nor where they begin can be changed without the command being refused. A reply does the
 * same when its handler answers with a Buffer (a command defined with the reply type Buffer):
 * the bytes follow the reply's envelope instead of travelling as base64 inside it.
 */
export const ATTACHMENT_HEADER = 'Portal-Attachment';

/** The message body of a command with an attachment: its JSON envelope, then the bytes. */
export function withAttachment(envelope: Uint8Array, attachment: Uint8Array): Uint8Array {
  return Buffer.concat([envelope, attachment]);
}

const replyCodec = JSONCodec();

/**
 * A command's reply as it goes on the wire, in Nest's packet format: JSON, except that a Buffer
 * response travels raw after the envelope, its length in the header (the caller's ServiceClient
 * hands it back as the Buffer).
 */
export function encodedReply(reply: { id?: unknown; response?: unknown; err?: unknown; isDisposed?: boolean }): { data: Uint8Array; headers?: MsgHdrs } {
  if (!Buffer.isBuffer(reply.response)) return { data: replyCodec.encode(reply) };
  const headers = natsHeaders();
  headers.set(ATTACHMENT_HEADER, String(reply.response.length));
  return { data: withAttachment(replyCodec.encode({ ...reply, response: null }), reply.response), headers };
}

/** The length the header declares, as sent ('' when the command carries none). */
export function declaredAttachment(headers: MsgHdrs | undefined): string {
  return headers?.has(ATTACHMENT_HEADER) ? headers.get(ATTACHMENT_HEADER) : '';
}

/**
 * A received body split into its JSON envelope and its attachment (none when the header is
 * absent); null when the header is not a length the body can hold.
 */
export function splitAttachment(body: Uint8Array, headers: MsgHdrs | undefined): { envelope: Uint8Array; attachment?: Buffer } | null {
  const declared = declaredAttachment(headers);
  if (declared === '') return { envelope: body };
  if (!/^(0|[1-9]\d{0,9})$/.test(declared) || Number(declared) > body.length) return null;
  const at = body.length - Number(declared);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return { envelope: bytes.subarray(0, at), attachment: bytes.subarray(at) };
}

/** What the command server adds to a command's data for its handler. */
export interface WithAttachment {
  attachment?: Buffer;
}

/** The bytes sent after the command's envelope, if it carried any (the handler refuses a command that needed them). */
export const CommandAttachment = createParamDecorator((_: unknown, context: ExecutionContext): Buffer | undefined => (context.switchToRpc().getData() as WithAttachment | undefined)?.attachment);
