import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ByteRange, FileStorage } from './file-storage';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The bucket's answer for a key with no object (GetObject says NoSuchKey, HeadObject a bare 404). */
export function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** A file's bytes as one object in an S3-compatible bucket (AWS S3, MinIO, Ceph…). */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  readonly s3: S3Client;

  constructor(readonly settings: S3Settings) {
    this.s3 = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible servers refuse the
      // SDK's default trailing checksums (aws-chunked uploads) that AWS itself accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** A stream goes up in parts (multipart above 5 MB) without being held whole. */
  async put(key: string, content: Buffer | Readable): Promise<void> {
    await new Upload({ client: this.s3, params: { Bucket: this.settings.bucket, Key: key, Body: content } }).done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.s3.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.start + range.length - 1}` : undefined }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`No body for object ${key}`);
    return answer.Body;
  }

  /** The object's size, or null when there is none. */
  async size(key: string): Promise<number | null> {
    try {
      return (await this.s3.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }))).ContentLength ?? null;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /** S3 answers a deletion of a missing key with success too. */
  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.s3.destroy();
  }
}
