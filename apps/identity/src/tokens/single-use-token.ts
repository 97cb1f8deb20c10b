import { Column, CreateDateColumn, PrimaryColumn } from 'typeorm';

export type SingleUseTokenState = 'usable' | 'expired' | 'consumed';

/**
 * Columns shared by the emailed single-use tokens (email confirmation, password reset).
 * Each entity adds its own table name, indexes and user relation.
 */
export abstract class SingleUseToken {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') userId: string;
  @Column({ type: 'varchar', length: 64 }) tokenHash: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) consumedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A consumed token stays consumed even after it would have expired. */
export function singleUseTokenState(token: Pick<SingleUseToken, 'expiresAt' | 'consumedAt'>, now = new Date()): SingleUseTokenState {
  if (token.consumedAt) return 'consumed';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'usable';
}
