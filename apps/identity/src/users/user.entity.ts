import { Column, CreateDateColumn, DeleteDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { AdminRole, KycStatus, UserStatus, UserType } from '@portal/contracts';

/** A person who can sign in: a customer (signed up) or an administrator (created by one). */
@Entity({ name: 'users' })
@Index('uq_users_email', ['email'], { unique: true })
export class User {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_users' }) id: string;
  /** Always lower-case, so the unique index is case-insensitive in effect. */
  @Column({ type: 'varchar', length: 254 }) email: string;
  /** argon2id, self-describing (algorithm, parameters and salt in the string). */
  @Column({ type: 'varchar', length: 255 }) passwordHash: string;
  @Column({ type: 'varchar', length: 100 }) firstName: string;
  @Column({ type: 'varchar', length: 100 }) lastName: string;
  @Column({ type: 'varchar', length: 20 }) userType: UserType;
  @Column({ type: 'varchar', length: 20, nullable: true }) adminRole: AdminRole | null;
  @Column({ type: 'varchar', length: 20, default: 'active' }) userStatus: UserStatus;
  /** A read model: the kyc service owns the status and announces each change with a version. */
  @Column({ type: 'varchar', length: 20, default: 'pending' }) kycStatus: KycStatus;
  /** The version of the last kyc.status.changed event applied; older ones are ignored. */
  @Column({ type: 'int', default: 0 }) kycStatusVersion: number;
  /** Profile (Account Settings): optional, validated by UpdateProfilePayload. */
  @Column({ type: 'varchar', length: 30, nullable: true }) phone: string | null;
  @Column({ type: 'varchar', length: 300, nullable: true }) address: string | null;
  /** YYYY-MM-DD (a calendar date, no time zone). */
  @Column({ type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) nationality: string | null;
  /** A file the kyc service stores (purpose profile_photo), owned by this person. */
  @Column({ type: 'uuid', nullable: true }) photoFileId: string | null;
  /** Null until the person proves control of the mailbox; sign-in requires it. */
  @Column({ type: 'timestamptz', nullable: true }) emailConfirmedAt: Date | null;
  /**
   * Set when an admin deleted the account: the row stays (its id is named by money records
   * elsewhere) with personal data replaced, and TypeORM leaves it out of every query.
   */
  @DeleteDateColumn({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
