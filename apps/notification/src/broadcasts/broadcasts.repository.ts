import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { BroadcastAudience, NotificationEvents, NotificationType } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { withoutErased } from '../erasure/erased-users';
import { visibleAt } from '../inbox/inbox.repository';
import { Broadcast } from './broadcast.entity';

export interface NewBroadcast {
  id: string;
  sentBy: string;
  title: string;
  message: string;
  type: NotificationType;
  /** As the admin chose it (the audit record keeps it so). */
  audience: BroadcastAudience;
  expiresAt: Date | null;
  clientIp: string | null;
}

/** A broadcast with how many of its copies were read, as the recent list shows it. */
export interface BroadcastRow {
  id: string;
  title: string;
  type: string;
  audience: never;
  recipient_count: number;
  expires_at: Date | null;
  sent_by: string;
  created_at: Date;
  read_count: number;
}

/** The SQL of notification.broadcasts and of the copies a broadcast writes to notification.notifications. */
@Injectable()
export class BroadcastsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * In one transaction: the broadcast, every recipient's notification with a single
   * INSERT ... SELECT unnest, and one event for the whole broadcast with its audit record.
   * The recipients it wrote for; none (and nothing written) when every one of them was erased.
   */
  send(broadcast: NewBroadcast, audienceIds: string[]): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      // Identity's answer can be older than an erasure notification has already handled:
      // nobody whose account was deleted gets a copy (and none can be erased mid-insert).
      const userIds = await withoutErased(manager, audienceIds);
      if (userIds.length === 0) return userIds;
      const { audience } = broadcast;
      await manager.insert(Broadcast, {
        id: broadcast.id,
        sentBy: broadcast.sentBy,
        title: broadcast.title,
        message: broadcast.message,
        type: broadcast.type,
        audience: { kind: audience.kind, ...(audience.userId ? { userId: audience.userId } : {}), ...(audience.userStatus ? { userStatus: audience.userStatus } : {}), ...(audience.kycStatus ? { kycStatus: audience.kycStatus } : {}) },
        recipientCount: userIds.length,
        expiresAt: broadcast.expiresAt,
      });
      // One statement for the whole audience, whatever its size.
      await manager.query(
        `INSERT INTO notification.notifications (id, user_id, title, message, type, category, expires_at, broadcast_id)
         SELECT gen_random_uuid(), recipient, $2, $3, $4, 'broadcast', $5, $6 FROM unnest($1::uuid[]) AS recipient`,
        [userIds, broadcast.title, broadcast.message, broadcast.type, broadcast.expiresAt, broadcast.id],
      );
      await addToOutbox(manager, NotificationEvents.broadcastSent, {
        broadcastId: broadcast.id,
        sentBy: broadcast.sentBy,
        title: broadcast.title,
        type: broadcast.type,
        recipientCount: userIds.length,
        userId: audience.kind === 'user' ? userIds[0] : null,
      });
      await addToOutbox(manager, NotificationEvents.auditRecorded, {
        category: 'admin_action',
        actionType: 'notification_broadcast',
        actor: { userId: broadcast.sentBy },
        targetType: 'broadcast',
        targetId: broadcast.id,
        description: `Broadcast "${broadcast.title}" to ${userIds.length} users`,
        metadata: { audience, type: broadcast.type, recipientCount: userIds.length },
        clientIp: broadcast.clientIp,
      });
      return userIds;
    });
  }

  /** The ten latest broadcasts, newest first, with their read copies counted. */
  recent(): Promise<BroadcastRow[]> {
    return this.dataSource.query(
      `SELECT b.*, (SELECT count(*)::int FROM notification.notifications n WHERE n.broadcast_id = b.id AND n.read_at IS NOT NULL) AS read_count
       FROM notification.broadcasts b ORDER BY b.created_at DESC LIMIT 10`,
    );
  }

  /** Of these users, those who got the broadcast, each with their unread count (expired ones, by the service's clock as the inbox's, not counted). */
  recipientsAmong(broadcastId: string, userIds: string[]): Promise<{ user_id: string; unread: number }[]> {
    return this.dataSource.query(
      `SELECT r.user_id, (SELECT count(*)::int FROM notification.notifications n
                          WHERE n.user_id = r.user_id AND n.read_at IS NULL AND ${visibleAt('$3')}) AS unread
       FROM notification.notifications r WHERE r.broadcast_id = $1 AND r.user_id = ANY($2::uuid[])`,
      [broadcastId, userIds, this.clock.now()],
    );
  }
}
