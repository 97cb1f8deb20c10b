import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * When a session last proved who is behind it: the password, an authenticator code or a
 * passkey, at sign-in or asked again later. What moves money or could hand the account to
 * someone else wants this to be recent (REAUTHENTICATION_WINDOW_MINUTES). One row per
 * session; a session started by an emailed link has none until it proves itself.
 */
@Entity({ name: 'sign_in_proofs' })
@Index('idx_sign_in_proofs_user_id', ['userId'])
export class SignInProofRecord {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_sign_in_proofs' }) sessionId: string;
  @Column('uuid') userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_sign_in_proofs_user' })
  user?: User;
  @Column({ type: 'timestamptz' }) provedAt: Date;
}

/** Records (or renews) a session's proof, in the caller's transaction. */
export async function recordSignInProof(
  manager: { query: (sql: string, parameters: unknown[]) => Promise<unknown> },
  userId: string,
  sessionId: string,
  provedAt: Date,
): Promise<void> {
  await manager.query(
    `INSERT INTO identity.sign_in_proofs (session_id, user_id, proved_at) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO UPDATE SET proved_at = GREATEST(identity.sign_in_proofs.proved_at, EXCLUDED.proved_at)`,
    [sessionId, userId, provedAt],
  );
}
