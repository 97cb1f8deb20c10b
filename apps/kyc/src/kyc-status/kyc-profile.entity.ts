import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { KycStatus } from '@portal/contracts';

/**
 * A customer's KYC standing. The kyc service owns the status; identity and ledger keep
 * read models from its kyc.status.changed events, ordered by `version`.
 */
@Entity({ name: 'kyc_profiles' })
export class KycProfile {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_kyc_profiles' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) kycStatus: KycStatus;
  /** Grows by one with every change; carried by each event so read models apply only newer ones. */
  @Column({ type: 'int' }) version: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
