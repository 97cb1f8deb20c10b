import { Inject, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiProperty, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '@portal/contracts';
import { CurrentActor, Public, SignedIn } from '../auth/access.decorators';
import { bearerToken } from '../auth/access-token.strategy';
import { SessionRevocations } from '../auth/session-revocations';
import type { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { takeOverResponse } from '../http/raw-response';
import { ApiController, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';
import { RealtimeConnection } from './realtime-connection';
import { RealtimeHub } from './realtime-hub';
import { REALTIME_TICKET_SECONDS, RealtimeTickets } from './realtime-tickets';

/** A comment line every 25 s keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** One server-sent event as the stream carries it: `event: <event>` and `data: <JSON>`. */
export class RealtimeEventDoc {
  @ApiProperty({ enum: ['ready', 'notification', 'ticket', 'transaction', 'security-deposit', 'end'] }) event: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
}

export class RealtimeTicket {
  @ApiProperty({ description: 'Single use; pass it as ?ticket= to GET /api/v1/events' }) ticket: string;
  @ApiProperty({ description: 'Seconds the ticket stays usable' }) expiresIn: number;
}

/**
 * The access token's expiry and issue time in ms; the guard has verified the token, so
 * reading its claims is safe. No expiry: the shortest sensible life; no issue time: null
 * (the hub then takes the stream for older than any account event).
 */
function tokenTimes(req: FastifyRequest): { expiresAt: number; issuedAt: number | null } {
  const token = bearerToken(req) ?? '';
  let claims: { exp?: unknown; iat?: unknown } = {};
  try {
    claims = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as typeof claims | null) ?? {};
  } catch {
    // fall through: neither is known
  }
  return {
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 60_000,
    issuedAt: typeof claims.iat === 'number' && Number.isFinite(claims.iat) ? claims.iat * 1000 : null,
  };
}

/**
 * Live updates as server-sent events.
 *
 * How the stream is authenticated: the browser's EventSource cannot send an
 * Authorization header, and putting the access token in the URL would leave it in
 * history, proxy logs and Referer headers for its whole lifetime. Instead the web app
 * first asks, with its normal bearer token, for a ticket (POST /api/v1/events/tickets):
 * a random value valid for 30 seconds and a single use, stored hashed in Redis so any
 * replica accepts it. The stream lives no longer than the access token it came from,
 * and no longer than its session: the hub checks the session before each delivery and
 * ends the stream (an `end` event with the reason) within a fraction of a second of a
 * sign-out, suspension, deletion or role change (see RealtimeHub). After such an end
 * (endReasonOf's reasons) the browser asks for a new ticket at once, is refused (401),
 * and signs out; after `token_expired` it asks at once too, with its renewed token, so
 * live updates do not pause at each expiry; after any other end or a drop it reconnects
 * after its back-off (and after a second immediate end in a row: see the web's RealtimeClient).
 */
@ApiController('realtime', 'api/v1/events')
export class RealtimeController {
  private readonly streamsPerUser: number;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly tickets: RealtimeTickets,
    private readonly revocations: SessionRevocations,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.streamsPerUser = config.environment.REALTIME_STREAMS_PER_USER;
  }

  @PostEndpoint('tickets', { summary: 'A single-use ticket (30 s) for opening the live-update stream', type: RealtimeTicket })
  @SignedIn()
  async ticket(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<RealtimeTicket> {
    const ticket = await this.tickets.issue({ actor, ...tokenTimes(req) });
    return { ticket, expiresIn: REALTIME_TICKET_SECONDS };
  }

  @GetEndpoint({ summary: 'The signed-in user\'s live updates (server-sent events): notification, ticket, transaction, security-deposit; a heartbeat comment every 25 s', type: RealtimeEventDoc, description: 'A stream of server-sent events', errors: [401] })
  @Public()
  @ApiQuery({ name: 'ticket', required: true, description: 'From POST /api/v1/events/tickets' })
  @ApiProduces('text/event-stream')
  async stream(@Query('ticket') ticket: string | undefined, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const grant = typeof ticket === 'string' && ticket.length > 0 && ticket.length < 200 ? await this.tickets.redeem(ticket) : null;
    if (!grant || grant.expiresAt <= Date.now()) throw ApiError.of(401, 'realtime_ticket_invalid');
    if ((await this.revocations.revocationOf(grant.actor.sessionId)) !== null) throw ApiError.of(401, 'realtime_ticket_invalid');
    req.user = grant.actor;
    // Counted and added with nothing awaited in between, so two requests cannot both take the last place.
    if (this.hub.connectionsOf(grant.actor.userId) >= this.streamsPerUser) {
      throw ApiError.of(429, 'too_many_streams', { retryAfterSeconds: 10 });
    }

    // Written straight to the socket, event by event: never compressed or buffered.
    const res = takeOverResponse(reply);
    // The browser may have gone while the ticket and the session were checked: its 'close'
    // has fired already and would never fire again, so nothing is registered for it.
    // From here to res.on('close') nothing waits, so a later close is always seen.
    if (res.destroyed || res.writableEnded || req.raw.socket?.destroyed) return;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: do not buffer the stream
    res.flushHeaders();

    // A ticket issued before tokens' iat was kept has none: taken for older than any account event.
    const connection = new RealtimeConnection(grant.actor, res, typeof grant.issuedAt === 'number' ? grant.issuedAt : null);
    // The session's revocation is the hub's to follow (every few hundred ms, and before each delivery).
    const heartbeat = setInterval(() => connection.comment('heartbeat'), HEARTBEAT_MS);
    const expiry = setTimeout(() => connection.end('token_expired'), Math.max(0, grant.expiresAt - Date.now()));
    const remove = this.hub.add(connection);
    res.on('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      remove();
    });
    connection.send('ready', { userId: grant.actor.userId, heartbeatMs: HEARTBEAT_MS });
  }
}
