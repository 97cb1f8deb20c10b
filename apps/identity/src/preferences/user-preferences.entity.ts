import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AppPreferences, NotificationPreferences, PrivacyPreferences } from '@portal/contracts';
import { User } from '../users/user.entity';

/** A person's saved preferences; no row means the defaults apply. */
@Entity({ name: 'user_preferences' })
export class UserPreferencesRecord {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_user_preferences' }) userId: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_preferences_user' })
  user?: User;
  @Column({ type: 'jsonb' }) notifications: NotificationPreferences;
  @Column({ type: 'jsonb' }) app: AppPreferences;
  @Column({ type: 'jsonb' }) privacy: PrivacyPreferences;
  /** Grows with each save; carried by preferences-changed so readers keep the newest. */
  @Column({ type: 'int' }) version: number;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
