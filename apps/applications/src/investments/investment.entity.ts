import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ApplicationType } from '@portal/contracts';

/**
 * The terms an approved application became, fixed at approval and written in the
 * approval's transaction. Its life after that (funding, accrual, maturity) is the
 * ledger's, which opens it from the approval event.
 */
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
  @Column({ type: 'int' }) durationMonths: number;
  /** Annual percent from roi_rates at approval. */
  @Column({ type: 'numeric', precision: 6, scale: 2 }) expectedReturnRate: string;
  @Column({ type: 'bigint' }) expectedReturnMinor: string;
  /** Annual percent from platform_fees at approval. */
  @Column({ type: 'numeric', precision: 6, scale: 2 }) feeRate: string;
  @Column({ type: 'bigint' }) feeMinor: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
