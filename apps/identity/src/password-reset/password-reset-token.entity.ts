import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SingleUseToken } from '../tokens/single-use-token';
import { User } from '../users/user.entity';

/** A link that sets a new password: single use, valid one hour, stored as a hash. */
@Entity({ name: 'password_reset_tokens' })
@Index('uq_password_reset_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('idx_password_reset_tokens_user_id', ['userId'])
@Index('idx_password_reset_tokens_expires_at', ['expiresAt'])
export class PasswordResetToken extends SingleUseToken {
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_password_reset_tokens_user' })
  user?: User;
}
