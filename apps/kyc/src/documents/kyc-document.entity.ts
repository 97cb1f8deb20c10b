import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { KycDocumentStatus, KycDocumentType } from '@portal/contracts';

/** A stored file a customer handed in as a KYC document, and its review. */
@Entity({ name: 'kyc_documents' })
@Index('idx_kyc_documents_user', ['userId', 'createdAt'])
@Index('uq_kyc_documents_file', ['fileId'], { unique: true })
export class KycDocument {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_kyc_documents' }) id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) documentType: KycDocumentType;
  @Column({ type: 'uuid' }) fileId: string;
  @Column({ type: 'varchar', length: 20 }) status: KycDocumentStatus;
  @Column({ type: 'varchar', length: 1000, nullable: true }) reviewNotes: string | null;
  @Column({ type: 'uuid', nullable: true }) reviewedBy: string | null;
  @Column({ type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** An admin's request to a customer for a document (the customer is told by notification and email). */
@Entity({ name: 'kyc_document_requests' })
export class KycDocumentRequest {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_kyc_document_requests' }) id: string;
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 1000 }) message: string;
  @Column({ type: 'uuid' }) requestedBy: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
