import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { KycEnvironment } from '../../kyc-environment';
import { createFileStorage, FileStore } from './file-store';
import { PostgresFileStorage } from './postgres-file-storage';
import { S3FileStorage } from './s3-file-storage';

// Only handed to the postgres driver, which does not touch it until a file is read.
const dataSource = {} as DataSource;
const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'AKIA…', S3_SECRET_ACCESS_KEY: 'secret' };
const problems = (env: NodeJS.ProcessEnv) => {
  try {
    loadEnvironment(KycEnvironment, env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    return error.problems;
  }
};

describe('file storage configuration', () => {
  it('keeps the bytes in PostgreSQL unless told otherwise: nothing to set on one machine', () => {
    const environment = loadEnvironment(KycEnvironment, {});
    expect(environment).toMatchObject({ STORAGE_DRIVER: 'postgres', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(createFileStorage(environment, dataSource)).toBeInstanceOf(PostgresFileStorage);
  });

  it('stops kyc at start with the missing variables named when s3 is chosen without a bucket or credentials', () => {
    expect(problems({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET (missing): S3_BUCKET is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID (missing): S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY (missing): S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    ]);
    expect(problems({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toEqual(['S3_SECRET_ACCESS_KEY (missing): S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3']);
    // The S3 variables are not asked for while the bytes stay in PostgreSQL.
    expect(problems({ STORAGE_DRIVER: 'postgres' })).toEqual([]);
  });

  it('refuses an unknown driver, an endpoint that is not a URL and a path-style flag that is not true or false', () => {
    expect(problems({ STORAGE_DRIVER: 'minio' })).toEqual(['STORAGE_DRIVER (bad value): must be postgres or s3']);
    expect(problems({ ...s3, S3_ENDPOINT: 'minio:9000' })).toEqual(['S3_ENDPOINT (bad value): must be an http(s):// URL']);
    expect(problems({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual(['S3_FORCE_PATH_STYLE (bad value): must be true or false']);
  });

  it('builds the s3 driver from the variables', async () => {
    const environment = loadEnvironment(KycEnvironment, { ...s3, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' });
    const storage = createFileStorage(environment, dataSource) as S3FileStorage;
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(storage.settings).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'portal-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIA…',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(await storage.s3.config.region()).toBe('eu-central-1');
    expect(storage.s3.config.forcePathStyle).toBe(true);
    storage.close();
  });

  it('refuses s3 without its settings also when called with an environment kyc did not validate', () => {
    expect(() => createFileStorage({ STORAGE_DRIVER: 's3', S3_BUCKET: 'portal-files' }, dataSource)).toThrow(
      new ConfigurationError([
        'S3_ACCESS_KEY_ID (missing): S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
        'S3_SECRET_ACCESS_KEY (missing): S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
      ]),
    );
  });

  it('writes new files with the configured driver and reads each file through the driver its row names', async () => {
    const bucket = new FileStore(createFileStorage(loadEnvironment(KycEnvironment, s3), dataSource), dataSource);
    expect(bucket.locationFor('f1')).toEqual({ storage: 's3', storageKey: 'files/f1' });
    const embedded = new FileStore(createFileStorage(loadEnvironment(KycEnvironment, {}), dataSource), dataSource);
    expect(embedded.locationFor('f1')).toEqual({ storage: 'postgres', storageKey: null });
    // A file in the bucket cannot be read once the bucket's settings are gone: said, not answered as empty.
    await expect(embedded.get({ id: 'f2', storage: 's3', storageKey: 'files/f2' })).rejects.toThrow(/stored in s3, but STORAGE_DRIVER is postgres/);
    bucket.onApplicationShutdown();
  });
});
