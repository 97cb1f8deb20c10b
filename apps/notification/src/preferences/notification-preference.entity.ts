import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Language, NotificationPreferences } from '@portal/contracts';

/**
 * A read model of each customer's notification toggles and email language, kept from identity's
 * preferences-changed events. No row: nothing switched off yet (the defaults send).
 */
@Entity({ name: 'notification_preferences' })
export class NotificationPreference {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_notification_preferences' }) userId: string;
  @Column({ type: 'jsonb' }) topics: NotificationPreferences;
  /** The language the customer's emails are written in. */
  @Column({ type: 'varchar', length: 2, default: 'en' }) language: Language;
  /** The version of the last event applied; an older event never replaces a newer choice. */
  @Column({ type: 'int' }) version: number;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
