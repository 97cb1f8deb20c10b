import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BiometricStep, BiometricStepStatus, VerificationStatus } from '@portal/contracts';

export interface StoredStep {
  id: BiometricStep;
  status: BiometricStepStatus;
  failureReason: string | null;
  /** The still the step was decided on (a file in kyc.files). */
  fileId: string | null;
}

/** One run of biometric verification: its three steps and the provider that decided them. */
@Entity({ name: 'biometric_sessions' })
@Index('idx_biometric_sessions_user', ['userId', 'createdAt'])
export class BiometricSession {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_biometric_sessions' }) id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 50 }) provider: string;
  @Column({ type: 'varchar', length: 20 }) status: VerificationStatus;
  @Column({ type: 'jsonb' }) steps: StoredStep[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) completedAt: Date | null;
}
