import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SingleUseToken } from '../tokens/single-use-token';
import { User } from '../users/user.entity';

/**
 * The "end that session" link of a new-sign-in email: single use, stored as a hash, bound
 * to the session the sign-in began. It can only end that session, so it is safe to leave
 * in a mailbox; it lives as long as the session's refresh token could (REFRESH_TOKEN_TTL_DAYS).
 */
@Entity({ name: 'session_end_tokens' })
@Index('uq_session_end_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('idx_session_end_tokens_user_id', ['userId'])
@Index('idx_session_end_tokens_expires_at', ['expiresAt'])
export class SessionEndToken extends SingleUseToken {
  @Column('uuid') sessionId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_session_end_tokens_user' })
  user?: User;
}
