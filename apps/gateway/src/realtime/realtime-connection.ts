import type { ServerResponse } from 'node:http';
import type { Actor } from '@portal/contracts';

/** One open event stream of one signed-in browser tab. */
export class RealtimeConnection {
  constructor(
    readonly actor: Actor,
    private readonly res: ServerResponse,
    /**
     * When identity issued the access token the stream was opened with (its iat, in ms; null
     * when unknown): tells a stream of a session an account event revoked from one begun since.
     */
    readonly tokenIssuedAt: number | null = null,
  ) {}

  /** Still writable: not ended by the hub, and the browser has not gone. */
  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send(event: string, data: unknown): void {
    if (!this.open) return;
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    if (!this.open) return;
    this.res.write(`: ${text}\n\n`);
  }

  /** Ends the stream, telling the browser why (it reconnects, to another replica if this one is going). */
  end(reason: string): void {
    if (!this.open) return;
    this.send('end', { reason });
    this.res.end();
  }
}
