import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Readable } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { ConfigurationError } from '@portal/config';
import { FileStorageEnvironment, StorageDriverName } from '../../kyc-environment';
import { ByteRange, FILE_STORAGE, FileStorage, keyOf, objectKey, readAll, StoredLocation } from './file-storage';
import { StoredFileRecord } from '../stored-file.entity';
import { NoBytesInPostgres, PostgresFileStorage } from './postgres-file-storage';
import { isMissingObject, S3FileStorage } from './s3-file-storage';

/**
 * The driver STORAGE_DRIVER names. s3 without its bucket or credentials stops the process
 * with the variables' names (KycEnvironment refuses it first when kyc starts; this guards
 * any other caller).
 */
export function createFileStorage(environment: FileStorageEnvironment, dataSource: DataSource): FileStorage {
  const driver = environment.STORAGE_DRIVER ?? 'postgres';
  if (driver === 'postgres') return new PostgresFileStorage(dataSource);
  if (driver !== 's3') throw new ConfigurationError([`STORAGE_DRIVER (bad value): must be postgres or s3`]);
  return createS3FileStorage(environment);
}

/** The s3 driver from the S3_ variables, whatever STORAGE_DRIVER says (move-files-to-postgres reads the bucket kyc is leaving). */
export function createS3FileStorage(environment: FileStorageEnvironment): S3FileStorage {
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !environment[name]);
  if (missing.length > 0) throw new ConfigurationError(missing.map((name) => `${name} (missing): ${name} is required when STORAGE_DRIVER=s3`));
  return new S3FileStorage({
    endpoint: environment.S3_ENDPOINT,
    bucket: environment.S3_BUCKET as string,
    region: environment.S3_REGION ?? 'us-east-1',
    accessKeyId: environment.S3_ACCESS_KEY_ID as string,
    secretAccessKey: environment.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: environment.S3_FORCE_PATH_STYLE ?? false,
  });
}

/**
 * Files' bytes through the storage port: new files go to the configured driver; a file is
 * read and deleted through the driver its row names, so rows written under postgres keep
 * working after a switch to s3 (until `move-files-to-s3` moves them), and rows still in the
 * bucket keep working while kyc runs with s3 and `move-files-to-postgres` moves them back.
 */
@Injectable()
export class FileStore implements OnApplicationShutdown {
  private readonly postgres: PostgresFileStorage;

  constructor(
    @Inject(FILE_STORAGE) readonly storage: FileStorage,
    private readonly dataSource: DataSource,
  ) {
    this.postgres = storage instanceof PostgresFileStorage ? storage : new PostgresFileStorage(dataSource);
  }

  /** Where a new file's bytes go, for its files row. */
  locationFor(fileId: string): { storage: StorageDriverName; storageKey: string | null } {
    return this.storage.driver === 's3' ? { storage: 's3', storageKey: objectKey(fileId) } : { storage: 'postgres', storageKey: null };
  }

  /** Stores a new file's bytes; its row (from locationFor) is already inserted in `manager`'s transaction. */
  put(file: StoredLocation, content: Buffer | Readable, manager: EntityManager): Promise<void> {
    return this.driverOf(file).put(keyOf(file), content, manager);
  }

  async get(file: StoredLocation, range?: ByteRange): Promise<Readable> {
    try {
      return await this.driverOf(file).get(keyOf(file), range);
    } catch (error) {
      // A move command moved the bytes after the row was read (move-files-to-s3 clears the
      // row's content, move-files-to-postgres deletes the object once the row says postgres):
      // read them where the row now says.
      if (!(error instanceof NoBytesInPostgres || isMissingObject(error))) throw error;
      const now = await this.dataSource.manager.findOne(StoredFileRecord, { where: { id: file.id }, select: { id: true, storage: true, storageKey: true } });
      if (!now || now.storage === file.storage) throw error;
      return this.driverOf(now).get(keyOf(now), range);
    }
  }

  async read(file: StoredLocation, range?: ByteRange): Promise<Buffer> {
    return readAll(await this.get(file, range));
  }

  /** Forgets the bytes of files whose rows are being deleted (postgres bytes go with their rows). */
  async delete(files: StoredLocation[]): Promise<void> {
    for (const file of files) if (file.storage !== 'postgres') await this.driverOf(file).delete(keyOf(file));
  }

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }

  private driverOf(file: StoredLocation): FileStorage {
    if (file.storage === 'postgres') return this.postgres;
    if (file.storage === this.storage.driver) return this.storage;
    // A row stored in the bucket while kyc now runs with STORAGE_DRIVER=postgres: the bucket's settings are needed to read it.
    throw new Error(`File ${file.id} is stored in ${file.storage}, but STORAGE_DRIVER is ${this.storage.driver}: set the S3_ variables again to read it`);
  }
}
