import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { NotificationCategory, NotificationType } from '@portal/contracts';

/**
 * One in-app notification for one user: from a domain event (one per event and user,
 * whatever the redeliveries) or from an admin's broadcast.
 */
@Entity({ name: 'notifications' })
@Unique('uq_notifications_source_event_user', ['sourceEventId', 'userId'])
@Index('idx_notifications_user_created', ['userId', 'createdAt'])
@Index('idx_notifications_user_unread', ['userId'], { where: 'read_at IS NULL' })
@Index('idx_notifications_broadcast_user', ['broadcastId', 'userId'])
export class Notification {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_notifications' }) id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'text' }) message: string;
  /**
   * The text's code and raw values, so it reads in the reader's language (issue 30); the
   * title and message above are the fallback. Null for a broadcast (an admin's own words)
   * and for rows made before codes existed.
   */
  @Column({ type: 'varchar', length: 60, nullable: true }) textKey: string | null;
  @Column({ type: 'jsonb', nullable: true }) textParams: Record<string, string> | null;
  @Column({ type: 'varchar', length: 10 }) type: NotificationType;
  @Column({ type: 'varchar', length: 30 }) category: NotificationCategory;
  /** Hidden from this moment on. */
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) readAt: Date | null;
  /** The event this notification was made from; null for a broadcast. */
  @Column({ type: 'uuid', nullable: true }) sourceEventId: string | null;
  @Column({ type: 'uuid', nullable: true }) broadcastId: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
