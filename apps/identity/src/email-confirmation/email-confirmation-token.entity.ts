import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SingleUseToken } from '../tokens/single-use-token';
import { User } from '../users/user.entity';

/** A link that confirms an email address: single use, valid 24 hours, stored as a hash. */
@Entity({ name: 'email_confirmation_tokens' })
@Index('uq_email_confirmation_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('idx_email_confirmation_tokens_user_id', ['userId'])
@Index('idx_email_confirmation_tokens_expires_at', ['expiresAt'])
export class EmailConfirmationToken extends SingleUseToken {
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_email_confirmation_tokens_user' })
  user?: User;
}
