import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import { Actor, AdminPermissionsView, AdminRole, EventEnvelope, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, RequestMeta } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { decodeJson, requireStream, ServiceClient } from '@portal/messaging';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG, LOGGER } from '../connections/tokens';

const ADMIN_ROLES_SETTING = 'admin_roles';

interface Entry {
  permissions: Promise<string[]>;
  expiresAt: number;
}

/**
 * The permissions each admin role has now, asked of identity (which owns the admin_roles
 * setting and the caller's role) and kept a few seconds per role, so a burst of admin
 * requests costs one question. Forgotten at once when this replica reads an admin_roles
 * change (every replica reads identity's settings events itself, new events only).
 */
@Injectable()
export class AdminRolePermissions implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly byRole = new Map<AdminRole, Entry>();
  private messages: ConsumerMessages | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Short, so a missed change event still takes effect soon. */
  private readonly ttlMs: number;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly services: ServiceClient,
    private readonly nats: NatsConnectionHolder,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ttlMs = config.environment.ADMIN_PERMISSIONS_CACHE_MS;
  }

  /**
   * The caller's role's permissions ('all' for super admins). Identity answers from the
   * caller's role as stored; an answer for another role than the token's (a change the
   * session revocation has not caught up with) is used for this request only.
   */
  async of(actor: Actor, meta: Partial<RequestMeta>): Promise<string[]> {
    const role = actor.adminRole;
    const cached = role ? this.byRole.get(role) : undefined;
    if (cached && cached.expiresAt > Date.now()) return cached.permissions;
    const asked = this.services.send(IdentityCommands.getMyAdminPermissions, {}, { ...meta, actor });
    const permissions = asked.then((view: AdminPermissionsView) => {
      if (view.adminRole !== role) this.byRole.delete(role as AdminRole);
      return view.permissions;
    });
    if (role) {
      const entry: Entry = { permissions, expiresAt: Date.now() + this.ttlMs };
      this.byRole.set(role, entry);
      // A failed question is not remembered: the next request asks again.
      permissions.catch(() => {
        if (this.byRole.get(role) === entry) this.byRole.delete(role);
      });
    }
    return permissions;
  }

  /** After a change of the admin_roles setting: every role is asked again. */
  forget(): void {
    this.byRole.clear();
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway serves while NATS is away; the short TTL covers the gap.
    void this.follow();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.messages?.close().catch(() => undefined);
  }

  private async follow(): Promise<void> {
    if (this.stopped) return;
    try {
      const connection: NatsConnection | null = this.nats.connected;
      if (!connection) throw new Error('NATS is not connected yet');
      // Read only: the services create it, with the cluster's replica count.
      await requireStream(await connection.jetstreamManager(), IDENTITY_EVENTS_STREAM.name);
      const consumer = await connection.jetstream().consumers.get(IDENTITY_EVENTS_STREAM.name, {
        filterSubjects: IdentityEvents.settingChanged.subject,
        deliver_policy: DeliverPolicy.New,
      });
      const messages = await consumer.consume();
      this.messages = messages;
      void (async () => {
        for await (const message of messages) {
          try {
            if (decodeJson<EventEnvelope<{ key?: string }>>(message.data).payload.key === ADMIN_ROLES_SETTING) this.forget();
          } catch (error) {
            this.logger.warn({ seq: message.seq, err: String(error) }, 'settings change not read');
          }
        }
      })();
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'admin role changes not followed yet; retrying');
      this.retry = setTimeout(() => void this.follow(), 1_000);
      this.retry.unref();
    }
  }
}
