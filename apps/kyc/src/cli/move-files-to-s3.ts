import 'reflect-metadata';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { objectKey } from '../files/storage/file-storage';
import { createFileStorage } from '../files/storage/file-store';
import { S3FileStorage } from '../files/storage/s3-file-storage';
import { StoredFileRecord } from '../files/stored-file.entity';
import { KycEnvironment } from '../kyc-environment';
import { CommandOutput, consoleOutput } from '@portal/logging';
import { batchOption } from './batch-option';
import { openKycDatabase } from './kyc-database';

const USAGE = 'Usage: move-files-to-s3 [--batch N]   (with STORAGE_DRIVER=s3 and the S3_ variables the kyc service uses)';

/**
 * Moves the bytes of files stored in PostgreSQL to the bucket: a batch at a time, each in
 * one transaction that puts the objects, checks their sizes, then marks the rows s3 and
 * clears their `content`. Stopped at any point, it starts again where it was (a row still
 * marked postgres is put again under the same key); run twice, the second finds nothing.
 * Rows are locked while they move (SKIP LOCKED: two runs share the work); the service
 * keeps serving every file meanwhile. Returns the process exit code.
 */
export async function moveFilesToS3Command(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput = consoleOutput): Promise<number> {
  const batch = batchOption(argv, USAGE, output);
  if (batch === null) return 1;
  let environment: KycEnvironment;
  try {
    environment = loadEnvironment(KycEnvironment, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    output.error(error.message);
    return 1;
  }
  if (environment.STORAGE_DRIVER !== 's3') {
    output.error('STORAGE_DRIVER must be s3 (with S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) to move files to S3.');
    output.error(USAGE);
    return 1;
  }

  const dataSource = await openKycDatabase(environment.DATABASE_URL);
  const bucket = createFileStorage(environment, dataSource) as S3FileStorage;
  const table = dataSource.getMetadata(StoredFileRecord).tablePath;
  let moved = 0;
  try {
    for (;;) {
      const count = await dataSource.transaction(async (manager) => {
        const rows = await manager.query<{ id: string; content: Buffer }[]>(
          `SELECT "id", "content" FROM ${table} WHERE "storage" = 'postgres' AND "content" IS NOT NULL ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batch],
        );
        for (const row of rows) {
          const key = objectKey(row.id);
          await bucket.put(key, row.content);
          const size = await bucket.size(key);
          if (size !== row.content.length) throw new Error(`the object ${key} holds ${size ?? 'nothing'} bytes, not ${row.content.length}: nothing of this batch was changed`);
          await manager.query(`UPDATE ${table} SET "storage" = 's3', "storage_key" = $2, "content" = NULL WHERE "id" = $1`, [row.id, key]);
        }
        return rows.length;
      });
      if (count === 0) break;
      moved += count;
      output.info(`Moved ${moved} file(s) to s3://${bucket.settings.bucket}…`);
    }
    output.info(moved === 0 ? 'No file left in PostgreSQL: nothing to move.' : `Done: ${moved} file(s) moved to s3://${bucket.settings.bucket}; none left in PostgreSQL.`);
    return 0;
  } finally {
    bucket.close();
    await dataSource.destroy();
  }
}

if (require.main === module) {
  moveFilesToS3Command(process.argv.slice(2), process.env).then(
    (code) => (process.exitCode = code),
    (error) => {
      consoleOutput.error(`move-files-to-s3 failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
