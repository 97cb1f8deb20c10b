import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A person whose account was deleted (identity.user.deleted): only the user id and when,
 * nothing personal. Events about them still in flight, or redelivered, must not make new
 * notifications or emails for them (see erased-users.ts); deleted by age (NotificationRetention).
 */
@Entity({ name: 'erased_users' })
@Index('idx_erased_users_erased_at', ['erasedAt'])
export class ErasedUser {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_erased_users' }) userId: string;
  @Column({ type: 'timestamptz' }) erasedAt: Date;
}
