import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { parseFlag, ServiceEnvironment } from '@portal/config';

export const STORAGE_DRIVERS = ['postgres', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

const whenS3 = (environment: KycEnvironment) => environment.STORAGE_DRIVER === 's3';
const requiredForS3 = { message: '$property is required when STORAGE_DRIVER=s3' };

/**
 * kyc's own variables: where uploaded files' bytes live. postgres (the default) keeps
 * them in the files table, as on one machine; s3 puts them in an S3-compatible bucket
 * (AWS S3, MinIO, Ceph…) and leaves PostgreSQL the metadata only.
 */
export class KycEnvironment extends ServiceEnvironment {
  @IsIn(STORAGE_DRIVERS, { message: 'must be postgres or s3' })
  STORAGE_DRIVER: StorageDriverName = 'postgres';

  /** The S3 API's address; unset: AWS S3 for S3_REGION. MinIO and other servers need it (and usually S3_FORCE_PATH_STYLE=true). */
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  S3_ENDPOINT?: string;

  @ValidateIf(whenS3)
  @IsNotEmpty(requiredForS3)
  S3_BUCKET?: string;

  @IsString()
  @IsNotEmpty()
  S3_REGION: string = 'us-east-1';

  @ValidateIf(whenS3)
  @IsNotEmpty(requiredForS3)
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf(whenS3)
  @IsNotEmpty(requiredForS3)
  S3_SECRET_ACCESS_KEY?: string;

  /** Bucket in the path (http://host/bucket/key) rather than in the host name: MinIO and most self-hosted servers want true. */
  @Transform(parseFlag)
  @IsBoolean({ message: 'must be true or false' })
  S3_FORCE_PATH_STYLE: boolean = false;
}

/** The storage variables of an environment; a harness that starts kyc with the common environment gets the embedded default. */
export type FileStorageEnvironment = Partial<Pick<KycEnvironment, 'STORAGE_DRIVER' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>>;
