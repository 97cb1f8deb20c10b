import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { Clock } from '@portal/config';
import {
  Actor,
  AudienceStats,
  BroadcastPayload,
  BroadcastResult,
  EmptyPayload,
  FindRecipientsPayload,
  FindUserIdsPayload,
  IdentityCommands,
  NotificationCommands,
  NotificationMessages,
  RecipientMatches,
  RecipientsAmong,
  RecipientsAmongPayload,
  RecipientStats,
  RequestMeta,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, fieldRefusal, HandlesCommand, PlatformSettings, requireAdminPermission, ServiceClient, ServiceError } from '@portal/messaging';
import { BroadcastsRepository } from './broadcasts.repository';

/** Identity answers a page of ids with its own time-out budget: a 10,000-id page is large. */
const DIRECTORY_TIMEOUT_MS = 15_000;

/**
 * Admin broadcasts: the audience comes from identity (paged ids), then one transaction
 * writes every recipient's notification with a single INSERT ... SELECT unnest and one
 * event announces the whole broadcast.
 */
@Controller()
export class BroadcastsController {
  constructor(
    private readonly broadcasts: BroadcastsRepository,
    private readonly settings: PlatformSettings,
    private readonly services: ServiceClient,
    private readonly clock: Clock,
  ) {}

  @HandlesCommand(NotificationCommands.broadcast)
  async broadcast(@CommandActor() actor: Actor, @CommandPayload() payload: BroadcastPayload, @CommandMeta() meta: RequestMeta): Promise<BroadcastResult> {
    const admin = this.admin(actor);
    const expiresAt = payload.expiresAt ? new Date(payload.expiresAt) : null;
    // The payload's validation already refuses what Date cannot read; never let NaN reach the insert.
    if (expiresAt && Number.isNaN(expiresAt.getTime())) {
      throw ServiceError.of(400, 'broadcast_expiry_invalid', { details: [fieldRefusal('expiresAt', 'broadcast_expiry_invalid')] });
    }
    // Against the service's clock, by which the inbox hides expired notifications.
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime()) {
      throw ServiceError.of(400, 'expiry_in_past', { details: [fieldRefusal('expiresAt', 'expiry_in_past')] });
    }
    const { audience } = payload;
    let userIds: string[];
    if (audience.kind === 'user') {
      if (!audience.userId) throw ServiceError.of(400, 'broadcast_user_required', { details: [fieldRefusal('audience.userId', 'user_choice_required')] });
      const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: [audience.userId] }, meta);
      userIds = users.map((user) => user.id);
    } else {
      const filter: FindUserIdsPayload = { userType: 'customer' };
      if (audience.kind === 'filtered') {
        if (audience.userStatus) filter.userStatus = audience.userStatus;
        if (audience.kycStatus) filter.kycStatus = audience.kycStatus;
      }
      userIds = await this.audienceIds(filter, meta);
    }
    if (userIds.length === 0) throw ServiceError.of(400, 'no_recipients');

    const broadcastId = randomUUID();
    const recipients = await this.broadcasts.send(
      { id: broadcastId, sentBy: admin.userId, title: payload.title, message: payload.message, type: payload.type, audience, expiresAt, clientIp: meta.clientIp ?? null },
      userIds,
    );
    if (recipients.length === 0) throw ServiceError.of(400, 'no_recipients');
    return { broadcastId, recipientCount: recipients.length, message: NotificationMessages.broadcastTo(recipients.length) };
  }

  @HandlesCommand(NotificationCommands.recipientStats)
  async stats(@CommandActor() actor: Actor, @CommandPayload() _payload: EmptyPayload, @CommandMeta() meta: RequestMeta): Promise<RecipientStats> {
    this.admin(actor);
    const count = async (filter: FindUserIdsPayload) => (await this.audienceIds({ userType: 'customer', ...filter }, meta)).length;
    const [totalCustomers, activeCustomers, suspendedCustomers, kycVerified, kycPending, kycRejected] = await Promise.all([
      count({}),
      count({ userStatus: 'active' }),
      count({ userStatus: 'suspended' }),
      count({ kycStatus: 'verified' }),
      count({ kycStatus: 'pending' }),
      count({ kycStatus: 'rejected' }),
    ]);
    const audience: AudienceStats = { totalCustomers, activeCustomers, suspendedCustomers, kycVerified, kycPending, kycRejected };
    const rows = await this.broadcasts.recent();
    return {
      audience,
      recentBroadcasts: rows.map((row) => ({
        id: row.id,
        title: row.title,
        type: row.type as never,
        audience: row.audience,
        recipientCount: row.recipient_count,
        readCount: row.read_count,
        expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
        sentBy: row.sent_by,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }

  @HandlesCommand(NotificationCommands.findRecipients)
  async findRecipients(@CommandActor() actor: Actor, @CommandPayload() { q }: FindRecipientsPayload, @CommandMeta() meta: RequestMeta): Promise<RecipientMatches> {
    this.admin(actor);
    const { userIds } = await this.services.send(IdentityCommands.findUserIds, { q }, meta);
    if (userIds.length === 0) return { items: [] };
    const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: userIds.slice(0, 10) }, meta);
    return {
      items: users
        .map((user) => ({ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    };
  }

  /** Asked by each gateway replica for the users connected to it: who got this broadcast. */
  @HandlesCommand(NotificationCommands.recipientsAmong)
  async recipientsAmong(@CommandPayload() { broadcastId, userIds }: RecipientsAmongPayload): Promise<RecipientsAmong> {
    if (userIds.length === 0) return { userIds: [], unreadCounts: {} };
    const rows = await this.broadcasts.recipientsAmong(broadcastId, userIds);
    return { userIds: rows.map((row) => row.user_id), unreadCounts: Object.fromEntries(rows.map((row) => [row.user_id, row.unread])) };
  }

  private admin(actor: Actor | null): Actor {
    return requireAdminPermission(this.settings, actor, 'notifications', 'broadcast_not_allowed');
  }

  private async audienceIds(filter: FindUserIdsPayload, meta: RequestMeta): Promise<string[]> {
    const ids: string[] = [];
    let afterId: string | undefined;
    do {
      const page = await this.services.send(IdentityCommands.findUserIds, { ...filter, ...(afterId ? { afterId } : {}) }, meta, DIRECTORY_TIMEOUT_MS);
      ids.push(...page.userIds);
      afterId = page.nextAfterId ?? undefined;
    } while (afterId);
    return ids;
  }
}
