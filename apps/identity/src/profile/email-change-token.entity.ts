import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SingleUseToken } from '../tokens/single-use-token';
import { User } from '../users/user.entity';

/** A link that moves an account to a new address once opened from that mailbox: single use, 24 hours, stored as a hash. */
@Entity({ name: 'email_change_tokens' })
@Index('uq_email_change_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('idx_email_change_tokens_user_id', ['userId'])
@Index('idx_email_change_tokens_expires_at', ['expiresAt'])
export class EmailChangeToken extends SingleUseToken {
  @Column({ type: 'varchar', length: 254 }) newEmail: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_email_change_tokens_user' })
  user?: User;
}
