import { Readable } from 'node:stream';
import { EntityManager } from 'typeorm';
import { StorageDriverName } from '../../kyc-environment';

/** Bytes from `start`, `length` of them (fewer at the end of the file). */
export interface ByteRange {
  start: number;
  length: number;
}

/**
 * The storage port: where a file's bytes live, by key. postgres keys are the files row's
 * id (the bytes sit in its `content` column); s3 keys are object keys in the bucket.
 * `manager` is the transaction the write belongs to: the postgres driver writes in it,
 * the s3 driver has none and ignores it.
 */
export interface FileStorage {
  readonly driver: StorageDriverName;
  put(key: string, content: Buffer | Readable, manager?: EntityManager): Promise<void>;
  /** The bytes (or a range of them) as a stream; refuses a key with nothing stored. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Forgets the bytes; deleting what is already gone is not an error (retried deletions stay harmless). */
  delete(key: string, manager?: EntityManager): Promise<void>;
}

/** Nest token of the configured driver (STORAGE_DRIVER): where new files go. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Where one file's bytes are, as its files row says. */
export interface StoredLocation {
  id: string;
  storage: StorageDriverName;
  storageKey: string | null;
}

/** The object key of a file in the bucket. */
export const objectKey = (fileId: string) => `files/${fileId}`;

/** The key of a file in its driver: the row's id for postgres, the recorded object key for s3. */
export const keyOf = (file: StoredLocation) => (file.storage === 'postgres' ? file.id : (file.storageKey ?? objectKey(file.id)));

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
