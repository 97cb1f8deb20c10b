import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { CommandOutput, consoleOutput } from '@portal/logging';
import { readAll } from '../files/storage/file-storage';
import { createS3FileStorage } from '../files/storage/file-store';
import { isMissingObject, S3FileStorage } from '../files/storage/s3-file-storage';
import { StoredFileRecord } from '../files/stored-file.entity';
import { KycEnvironment } from '../kyc-environment';
import { batchOption } from './batch-option';
import { openKycDatabase } from './kyc-database';

const USAGE = 'Usage: move-files-to-postgres [--batch N]   (with the S3_ variables of the bucket the files are in, as the kyc service used them)';

/**
 * Copies the bytes of files stored in the bucket back into their files rows: a batch at a
 * time, each in one transaction that reads the objects, checks each against the size and
 * SHA-256 its row recorded at upload, then writes `content` and marks the rows postgres.
 * Stopped at any point, it starts again where it was (a row still marked s3 is read again);
 * run twice, the second finds nothing. Rows are locked while they move (SKIP LOCKED: two
 * runs share the work); kyc keeps serving every file meanwhile. Returns the process exit code.
 *
 * The objects are deleted only after their batch committed: deleted first, a failed commit
 * would leave rows saying s3 with no object behind them, the files lost. In this order the
 * worst case (stopped between the commit and the deletions, or a deletion refused) is an
 * object kept in the bucket that no row refers to any more: the command names those keys
 * and exits 1, and they can be deleted by hand.
 */
export async function moveFilesToPostgresCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput = consoleOutput): Promise<number> {
  const batch = batchOption(argv, USAGE, output);
  if (batch === null) return 1;
  let environment: KycEnvironment;
  let bucket: S3FileStorage;
  try {
    environment = loadEnvironment(KycEnvironment, env);
    // The bucket is read whatever STORAGE_DRIVER says: kyc may already write new files to PostgreSQL.
    bucket = createS3FileStorage(environment);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    output.error(error.message);
    output.error('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as kyc used them) are needed to read the files from the bucket.');
    output.error(USAGE);
    return 1;
  }

  let dataSource: DataSource;
  try {
    dataSource = await openKycDatabase(environment.DATABASE_URL);
  } catch (error) {
    bucket.close();
    throw error;
  }
  const table = dataSource.getMetadata(StoredFileRecord).tablePath;
  const where = `s3://${bucket.settings.bucket}`;
  const leftInBucket: string[] = [];
  let moved = 0;
  try {
    for (;;) {
      const keys = await dataSource.transaction(async (manager) => {
        const rows = await manager.query<{ id: string; storage_key: string; size: number; sha256: string }[]>(
          `SELECT "id", "storage_key", "size", "sha256" FROM ${table} WHERE "storage" = 's3' ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batch],
        );
        for (const row of rows) {
          let content: Buffer;
          try {
            content = await readAll(await bucket.get(row.storage_key));
          } catch (error) {
            if (!isMissingObject(error)) throw error;
            throw new Error(`file ${row.id}: no object ${row.storage_key} in ${where}: nothing of this batch was changed`);
          }
          const sha256 = createHash('sha256').update(content).digest('hex');
          if (content.length !== row.size || sha256 !== row.sha256) {
            throw new Error(`file ${row.id}: the object ${row.storage_key} holds ${content.length} bytes that are not the ${row.size} uploaded (size or SHA-256 differ): nothing of this batch was changed`);
          }
          await manager.query(`UPDATE ${table} SET "storage" = 'postgres', "storage_key" = NULL, "content" = $2 WHERE "id" = $1`, [row.id, content]);
        }
        return rows.map((row) => row.storage_key);
      });
      if (keys.length === 0) break;
      moved += keys.length;
      // Committed: the bytes are in PostgreSQL, so the objects can go.
      for (const key of keys) {
        try {
          await bucket.delete(key);
        } catch (error) {
          leftInBucket.push(key);
          output.error(`Could not delete ${key} from ${where} (${error instanceof Error ? error.message : String(error)}): its file is safe in PostgreSQL.`);
        }
      }
      output.info(`Moved ${moved} file(s) from ${where} to PostgreSQL…`);
    }
    output.info(moved === 0 ? `No file left in ${where}: nothing to move.` : `Done: ${moved} file(s) moved from ${where} to PostgreSQL; none left in the bucket.`);
    if (environment.STORAGE_DRIVER === 's3') output.info('STORAGE_DRIVER is still s3: kyc puts new files in the bucket until it runs with STORAGE_DRIVER=postgres; run this again after switching.');
    if (leftInBucket.length > 0) {
      output.error(`${leftInBucket.length} object(s) no file refers to any more were left in ${where}; delete them by hand: ${leftInBucket.join(' ')}`);
      return 1;
    }
    return 0;
  } finally {
    bucket.close();
    await dataSource.destroy();
  }
}

if (require.main === module) {
  moveFilesToPostgresCommand(process.argv.slice(2), process.env).then(
    (code) => (process.exitCode = code),
    (error) => {
      consoleOutput.error(`move-files-to-postgres failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
