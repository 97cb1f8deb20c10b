import { Readable } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { StoredFileRecord } from '../stored-file.entity';
import { ByteRange, FileStorage, readAll } from './file-storage';

/** No bytes in the row (any more): moved to the bucket meanwhile, or the row is gone. */
export class NoBytesInPostgres extends Error {}

/**
 * The embedded driver: a file's bytes in the `content` column of its own files row (one
 * backup, one transaction; the row is inserted first, the bytes written in the same
 * transaction). Also reads the rows written before the s3 driver was chosen.
 */
export class PostgresFileStorage implements FileStorage {
  readonly driver = 'postgres' as const;

  constructor(private readonly dataSource: DataSource) {}

  async put(key: string, content: Buffer | Readable, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const bytes = Buffer.isBuffer(content) ? content : await readAll(content);
    const result = await manager.update(StoredFileRecord, { id: key }, { content: bytes });
    if (!result.affected) throw new Error(`No files row ${key} to store the bytes in`);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const table = this.dataSource.getMetadata(StoredFileRecord).tablePath;
    // substring on bytea reads only the range asked for, not the whole column.
    const [row] = range
      ? await this.dataSource.query<{ data: Buffer | null }[]>(`SELECT substring("content" FROM $2 FOR $3) AS "data" FROM ${table} WHERE "id" = $1`, [key, range.start + 1, range.length])
      : await this.dataSource.query<{ data: Buffer | null }[]>(`SELECT "content" AS "data" FROM ${table} WHERE "id" = $1`, [key]);
    if (!row?.data) throw new NoBytesInPostgres(`No bytes stored in PostgreSQL for file ${key}`);
    return Readable.from([row.data]);
  }

  async delete(key: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(StoredFileRecord, { id: key }, { content: null });
  }
}
