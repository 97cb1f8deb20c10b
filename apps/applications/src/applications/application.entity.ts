import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ApplicationDocument, ApplicationStatus, ApplicationType } from '@portal/contracts';

/**
 * An investment application (spec 01 §3 investment_applications), a draft until
 * submitted. Text is stored sanitised; the amount in cents.
 */
@Entity({ name: 'applications' })
@Index('idx_applications_user', ['userId', 'createdAt'])
@Index('idx_applications_status', ['status', 'submittedAt'])
export class InvestmentApplication {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_applications' }) id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) applicationType: ApplicationType;
  @Column({ type: 'varchar', length: 20 }) status: ApplicationStatus;
  @Column({ type: 'varchar', length: 1000, nullable: true }) fullName: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) email: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) phone: string | null;
  /** Cents; bigint comes back from PostgreSQL as a string. */
  @Column({ type: 'bigint', nullable: true }) investmentAmountMinor: string | null;
  @Column({ type: 'varchar', length: 3, default: 'USD' }) currency: string;
  @Column({ type: 'int', nullable: true }) investmentDuration: number | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) investmentCategory: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) companyName: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) companyRegistration: string | null;
  @Column({ type: 'jsonb', default: {} }) applicationData: Record<string, unknown>;
  @Column({ type: 'jsonb', default: [] }) documents: ApplicationDocument[];
  @Column({ type: 'varchar', length: 1000, nullable: true }) reviewNote: string | null;
  @Column({ type: 'uuid', nullable: true }) reviewedBy: string | null;
  @Column({ type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) submittedAt: Date | null;
  /** Grows with every status change; carried by the reviewed event for read models. */
  @Column({ type: 'int', default: 1 }) version: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
