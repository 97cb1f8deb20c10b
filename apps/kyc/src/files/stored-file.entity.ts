import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A file a person uploaded (application documents now, KYC documents later). The bytes
 * live in PostgreSQL beside their metadata: one backup, one transaction, and at 10 MB per
 * file well within what bytea handles; `content` is never selected by list queries.
 */
@Entity({ name: 'files' })
@Index('idx_files_owner', ['ownerId', 'createdAt'])
export class StoredFileRecord {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_files' }) id: string;
  @Column({ type: 'uuid' }) ownerId: string;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'int' }) size: number;
  /** Detected from the content's first bytes, never taken from the name or the browser. */
  @Column({ type: 'varchar', length: 100 }) mimeType: string;
  @Column({ type: 'varchar', length: 60, nullable: true }) purpose: string | null;
  @Column({ type: 'varchar', length: 64 }) sha256: string;
  @Column({ type: 'bytea', select: false }) content: Buffer;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A part of an upload still arriving; joined into a file when the upload completes. */
@Entity({ name: 'file_upload_parts' })
export class FileUploadPart {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_file_upload_parts' }) uploadId: string;
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'pk_file_upload_parts' }) partIndex: number;
  @Column({ type: 'uuid' }) ownerId: string;
  @Column({ type: 'bytea' }) data: Buffer;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
