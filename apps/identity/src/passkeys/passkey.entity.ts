import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

const bigintAsNumber = { to: (value: number) => value, from: (value: string) => Number(value) };

/**
 * A passkey (WebAuthn credential) of a user: the public key that checks its signatures and
 * the signature counter last seen. The private key never leaves the person's authenticator.
 */
@Entity({ name: 'passkeys' })
@Index('uq_passkeys_credential_id', ['credentialId'], { unique: true })
@Index('ix_passkeys_user_id', ['userId'])
export class Passkey {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_passkeys' }) id: string;
  @Column('uuid') userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_passkeys_user' })
  user?: User;
  /** The credential id, base64url, as the browser names it in every assertion. */
  @Column({ type: 'varchar', length: 1400 }) credentialId: string;
  /** The COSE-encoded public key. */
  @Column({ type: 'bytea' }) publicKey: Buffer;
  /** The authenticator's signature counter (0 for those that keep none, such as synced passkeys). */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber }) counter: number;
  /** How the browser can reach the authenticator (internal, hybrid, usb ...), as it reported at registration. */
  @Column({ type: 'varchar', length: 16, array: true, default: () => "'{}'" }) transports: string[];
  @Column({ type: 'varchar', length: 64 }) name: string;
  /** A multi-device credential: its provider syncs it to the person's other devices. */
  @Column({ type: 'boolean', default: false }) synced: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
}
