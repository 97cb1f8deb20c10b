import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A user's security choices (Security tab) and authenticator secret; no row means the defaults. */
@Entity({ name: 'user_security' })
export class UserSecurity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_user_security' }) userId: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_user_security_user' })
  user?: User;
  /** The confirmed TOTP secret, encrypted (AES-256-GCM, TWO_FACTOR_ENCRYPTION_KEY); null while two-factor is off. */
  @Column({ type: 'text', nullable: true }) totpSecret: string | null;
  /** A secret handed out for enrolment, encrypted, until a code from it confirms it. */
  @Column({ type: 'text', nullable: true }) totpPendingSecret: string | null;
  @Column({ type: 'timestamptz', nullable: true }) totpPendingCreatedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) totpEnabledAt: Date | null;
  /** The time step of the last accepted code: a code is accepted once. */
  @Column({ type: 'bigint', nullable: true, transformer: { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  totpLastStep: number | null;
  @Column({ type: 'boolean', default: true }) loginAlerts: boolean;
  @Column({ type: 'boolean', default: false }) biometricLogin: boolean;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** A single-use recovery code, stored as its SHA-256 (the codes have full entropy). */
@Entity({ name: 'recovery_codes' })
@Index('uq_recovery_codes_user_code', ['userId', 'codeHash'], { unique: true })
export class RecoveryCode {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_recovery_codes' }) id: string;
  @Column('uuid') userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_recovery_codes_user' })
  user?: User;
  @Column({ type: 'varchar', length: 64 }) codeHash: string;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A browser and address pair a user has signed in from (hashed together), for login alerts. */
@Entity({ name: 'known_sign_in_devices' })
export class KnownSignInDevice {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_known_sign_in_devices' }) userId: string;
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_known_sign_in_devices' }) deviceHash: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_known_sign_in_devices_user' })
  user?: User;
  @Column({ type: 'timestamptz', default: () => 'now()' }) firstSeenAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) lastSeenAt: Date;
}
