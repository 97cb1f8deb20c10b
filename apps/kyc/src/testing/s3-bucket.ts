import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const TEST_BUCKET = 'portal-files';

/** A real S3 API (s3rver) on a free port, its objects in a temporary directory, the bucket made at start. */
export interface TestBucket {
  /** The variables that put kyc (or a move command) on this bucket. */
  env: NodeJS.ProcessEnv;
  /** A client of the bucket, to look at or put objects behind kyc's back. */
  client: S3Client;
  /** The keys of the objects in the bucket, sorted. */
  objectKeys(): Promise<(string | undefined)[]>;
  stop(): Promise<void>;
}

export async function startTestBucket(directoryPrefix: string): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), directoryPrefix));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await s3.run();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    env,
    client,
    objectKeys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }))).Contents ?? []).map((object) => object.Key).sort(),
    async stop() {
      client.destroy();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
