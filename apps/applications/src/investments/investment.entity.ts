import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ApplicationType } from '@portal/contracts';

/** What an approved application becomes: one per application, written in the approval's transaction. */
@Entity({ name: 'investments' })
@Index('uq_investments_application', ['applicationId'], { unique: true })
@Index('idx_investments_user', ['userId', 'createdAt'])
export class Investment {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_investments' }) id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) investmentType: ApplicationType;
  @Column({ type: 'bigint' }) amountMinor: string;
  @Column({ type: 'varchar', length: 3 }) currency: string;
  @Column({ type: 'varchar', length: 20 }) status: 'active' | 'matured';
  @Column({ type: 'date' }) startDate: string;
  @Column({ type: 'date', nullable: true }) maturityDate: string | null;
  @Column({ type: 'int', nullable: true }) durationMonths: number | null;
  /** Annual percent from roi_rates at approval. */
  @Column({ type: 'numeric', precision: 6, scale: 2 }) expectedReturnRate: string;
  @Column({ type: 'bigint' }) expectedReturnMinor: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
