import { createHash } from 'node:crypto';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { RetentionJob, RetentionRule } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';
import { StoredLocation } from './storage/file-storage';
import { FileStore } from './storage/file-store';
import { FileUploadPart, StoredFileRecord } from './stored-file.entity';

/**
 * Parts of an upload nobody completed or abandoned (the gateway lost before it could say
 * so) are dropped after an hour: an upload takes minutes at most (the gateway's request
 * time-out), and the parts hold up to 10 MB each.
 */
export const ABANDONED_UPLOAD_RULE: RetentionRule = { name: 'abandoned upload parts', entity: FileUploadPart, column: 'created_at', keepDays: 1 / 24 };

export type StorePartOutcome = { received: number } | { refused: 'foreign_upload' | 'over_limit' };

/** What the checks of a completed upload's content found: the file is stored as this. */
export interface CheckedContent {
  name: string;
  mimeType: string;
  purpose: string | null;
}

/**
 * The files' rows and the parts of uploads still arriving: the SQL of the files commands,
 * so the handlers only decide. Abandoned parts are purged hourly (ABANDONED_UPLOAD_RULE).
 */
@Injectable()
export class FileRecords implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly retention: RetentionJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: FileStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.retention = new RetentionJob(dataSource, [ABANDONED_UPLOAD_RULE], logger, 'abandoned upload parts');
  }

  onApplicationBootstrap(): void {
    this.retention.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.retention.stop();
  }

  /** Deletes the parts of uploads abandoned for longer than the rule keeps them; returns how many went, by rule. */
  purgeAbandoned(now = new Date()): Promise<Record<string, number>> {
    return this.retention.purge(now);
  }

  /**
   * Adds a part of `ownerId`'s upload (a part sent again is kept once), unless the upload is
   * someone else's or the parts would then pass `maxBytes`; returns the bytes received so far.
   */
  storePart(part: { uploadId: string; index: number; ownerId: string; data: Buffer }, maxBytes: number): Promise<StorePartOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const earlier = await manager
        .createQueryBuilder(FileUploadPart, 'part')
        .select('part.ownerId', 'ownerId')
        .addSelect('COALESCE(SUM(octet_length(part.data)), 0)', 'bytes')
        .where('part.uploadId = :uploadId', { uploadId: part.uploadId })
        .groupBy('part.ownerId')
        .getRawMany<{ ownerId: string; bytes: string }>();
      if (earlier.some((row) => row.ownerId !== part.ownerId)) return { refused: 'foreign_upload' };
      const bytes = Number(earlier[0]?.bytes ?? 0) + part.data.length;
      if (bytes > maxBytes) return { refused: 'over_limit' };
      await manager
        .createQueryBuilder()
        .insert()
        .into(FileUploadPart)
        .values({ uploadId: part.uploadId, partIndex: part.index, ownerId: part.ownerId, data: part.data })
        .orIgnore()
        .execute();
      return { received: bytes };
    });
  }

  /** Drops `ownerId`'s parts of an upload; returns how many went. */
  async dropUpload(uploadId: string, ownerId: string): Promise<number> {
    const result = await this.dataSource.manager.delete(FileUploadPart, { uploadId, ownerId });
    return result.affected ?? 0;
  }

  /**
   * Joins the upload's parts into a file, once `check` has passed its whole content, and
   * stores it through the configured driver; the parts go in the same transaction. Null
   * when the parts are not exactly 0..parts-1 of `ownerId`'s upload. Bytes already in the
   * bucket when the transaction fails are removed again, not left without a row.
   */
  async complete(uploadId: string, ownerId: string, parts: number, check: (content: Buffer) => Promise<CheckedContent>): Promise<StoredFileRecord | null> {
    let written: StoredLocation | null = null;
    return this.dataSource
      .transaction(async (manager) => {
        const stored = await manager.find(FileUploadPart, { where: { uploadId, ownerId }, order: { partIndex: 'ASC' } });
        if (stored.length !== parts || stored.some((part, index) => part.partIndex !== index)) return null;
        const content = Buffer.concat(stored.map((part) => part.data));
        const checked = await check(content);
        const file = manager.create(StoredFileRecord, {
          id: uploadId,
          ownerId,
          ...checked,
          size: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
          ...this.store.locationFor(uploadId),
        });
        // The row first (its id is taken once), then the bytes: checked above, they go to the configured driver.
        await manager.insert(StoredFileRecord, file);
        await this.store.put(file, content, manager);
        written = file;
        await manager.delete(FileUploadPart, { uploadId });
        return manager.findOneByOrFail(StoredFileRecord, { id: file.id });
      })
      .catch(async (error: unknown) => {
        if (written) await this.store.delete([written]).catch(() => undefined);
        throw error;
      });
  }

  find(fileId: string): Promise<StoredFileRecord | null> {
    return this.dataSource.manager.findOneBy(StoredFileRecord, { id: fileId });
  }

  /** Which of these files `ownerId` owns. */
  ownedBy(fileIds: string[], ownerId: string): Promise<StoredFileRecord[]> {
    return this.dataSource.manager.findBy(StoredFileRecord, { id: In([...new Set(fileIds)]), ownerId });
  }
}
