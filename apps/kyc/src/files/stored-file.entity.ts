import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StorageDriverName } from '../kyc-environment';

/**
 * A file a person uploaded (application documents, KYC documents, photos). Its bytes live
 * where `storage` says (files/storage): in `content` beside the metadata with the postgres
 * driver (one backup, one transaction; never selected by list queries), or as the object
 * `storageKey` in the bucket with the s3 driver, `content` then null.
 */
@Entity({ name: 'files' })
@Index('idx_files_owner', ['ownerId', 'createdAt'])
@Check('chk_files_storage', `"storage" = 'postgres' OR ("storage" = 's3' AND "storage_key" IS NOT NULL AND "content" IS NULL)`)
export class StoredFileRecord {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_files' }) id: string;
  @Column({ type: 'uuid' }) ownerId: string;
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'int' }) size: number;
  /** Detected from the content's first bytes, never taken from the name or the browser. */
  @Column({ type: 'varchar', length: 100 }) mimeType: string;
  @Column({ type: 'varchar', length: 60, nullable: true }) purpose: string | null;
  @Column({ type: 'varchar', length: 64 }) sha256: string;
  @Column({ type: 'bytea', select: false, nullable: true }) content: Buffer | null;
  @Column({ type: 'varchar', length: 16, default: 'postgres' }) storage: StorageDriverName;
  @Column({ type: 'varchar', length: 300, nullable: true }) storageKey: string | null;
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
