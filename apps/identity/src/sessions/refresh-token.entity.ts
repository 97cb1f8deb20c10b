import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * One refresh token of a session. A session (family) is the chain of tokens issued by
 * rotation from one sign-in; they share sessionId, which the access tokens carry as sid.
 */
@Entity({ name: 'refresh_tokens' })
@Index('uq_refresh_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('idx_refresh_tokens_session_id', ['sessionId'])
@Index('idx_refresh_tokens_user_id', ['userId'])
@Index('idx_refresh_tokens_expires_at', ['expiresAt'])
export class RefreshToken {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_refresh_tokens' }) id: string;
  @Column('uuid') sessionId: string;
  @Column('uuid') userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_refresh_tokens_user' })
  user?: User;
  /** SHA-256 of the token; the token itself exists only in the client's hands. */
  @Column({ type: 'varchar', length: 64 }) tokenHash: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  /** Set when this token was exchanged for its successor; presenting it again is reuse. */
  @Column({ type: 'timestamptz', nullable: true }) rotatedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /** Revoked because a used token of its session came back: presenting this one too is on record as reuse. */
  @Column({ type: 'boolean', default: false }) revokedForReuse: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  /** When the session (the family) began, at sign-in; no refresh beyond the security setting's sessionAbsoluteHours. */
  @Column({ type: 'timestamptz', default: () => 'now()' }) sessionStartedAt: Date;
  @Column({ type: 'varchar', length: 64, nullable: true }) clientIp: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) userAgent: string | null;
}
