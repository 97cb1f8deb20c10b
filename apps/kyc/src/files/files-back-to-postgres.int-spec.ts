import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { Actor, AdminRole, ApplicationsCommands, FILE_PART_BYTES } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { answerCommand, samplePdf, samplePng, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { moveFilesToPostgresCommand } from '../cli/move-files-to-postgres';
import { KycEnvironment } from '../kyc-environment';
import { FileStore } from './storage/file-store';
import { KycModule } from '../kyc.module';
import { fileTransfer } from '../testing/file-transfer';
import { startTestBucket, TEST_BUCKET, TestBucket } from '../testing/s3-bucket';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

describe('moving files from the bucket back to PostgreSQL (move-files-to-postgres)', () => {
  let bucket: TestBucket;
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice | undefined;
  let client: TestServiceClient;
  let database: Client;

  const startKyc = async (env: NodeJS.ProcessEnv) => {
    await stopService(service);
    service = await runService({ service: 'kyc', environment: KycEnvironment, module: (environment) => KycModule.register(environment), env });
  };

  beforeAll(async () => {
    bucket = await startTestBucket('kyc-s3-back-');
    // The common environment has no S3 variables: kyc's default, the embedded driver.
    infrastructure = await startTestInfrastructure('kyc_files_back', {}, { platformSettings: [] });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
    answerCommand(client.connection, ApplicationsCommands.referencedFiles.subject, () => ({ fileIds: [] }));
    await client.connection.flush();
  });

  afterAll(async () => {
    await database?.end();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
    await bucket?.stop();
  });

  const { upload, download } = fileTransfer(() => client);

  const row = async (id: string) =>
    (await database.query('SELECT storage, storage_key, content FROM kyc.files WHERE id = $1', [id])).rows[0] as { storage: string; storage_key: string | null; content: Buffer | null } | undefined;
  const putObject = (key: string, body: Buffer) => bucket.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: body }));
  const run = async (argv: string[], env: NodeJS.ProcessEnv) => {
    const lines: string[] = [];
    const code = await moveFilesToPostgresCommand(argv, env, { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) });
    return { code, lines };
  };

  it('brings every file back byte for byte, resumes after a stopped run, moves nothing the second time, and kyc then serves them without the bucket', async () => {
    // Files uploaded while kyc ran with the s3 driver: objects in the bucket, rows without content.
    await startKyc({ ...infrastructure.env, ...bucket.env });
    const owner = customer();
    const contents = [samplePdf({ size: FILE_PART_BYTES * 2 + 1234 }), samplePng(), samplePdf({ size: 3_000 })];
    const files = [];
    for (const [index, content] of contents.entries()) files.push({ ...(await upload(owner, content, index === 1 ? 'photo.png' : `document-${index}.pdf`, 'kyc:id')), content });
    for (const file of files) expect(await row(file.id)).toEqual({ storage: 's3', storage_key: `files/${file.id}`, content: null });
    // The command moves rows in id order: the last one's object is cut short, so the run stops there.
    const [first, second, last] = [...files].sort((a, b) => (a.id < b.id ? -1 : 1));
    await putObject(`files/${last.id}`, last.content.subarray(0, 10));

    // The way operators run it: kyc still on s3 (every file readable meanwhile), the command told postgres.
    const commandEnv = { ...infrastructure.env, ...bucket.env, STORAGE_DRIVER: 'postgres' };
    await expect(run(['--batch', '1'], commandEnv)).rejects.toThrow(`file ${last.id}: the object files/${last.id} holds 10 bytes that are not the ${last.content.length} uploaded`);
    // The batches before it committed (and their objects are gone); the damaged one is untouched.
    for (const file of [first, second]) expect(await row(file.id)).toEqual({ storage: 'postgres', storage_key: null, content: file.content });
    expect(await row(last.id)).toEqual({ storage: 's3', storage_key: `files/${last.id}`, content: null });
    expect(await bucket.objectKeys()).toEqual([`files/${last.id}`]);
    // A read that found a row still saying s3 just before its batch committed gets the bytes from PostgreSQL.
    expect((await service!.get(FileStore).read({ id: first.id, storage: 's3', storageKey: `files/${first.id}` })).equals(first.content)).toBe(true);

    // The object repaired, the next run picks up where the first stopped.
    await putObject(`files/${last.id}`, last.content);
    expect(await run([], commandEnv)).toEqual({ code: 0, lines: [`Moved 1 file(s) from s3://${TEST_BUCKET} to PostgreSQL…`, `Done: 1 file(s) moved from s3://${TEST_BUCKET} to PostgreSQL; none left in the bucket.`] });
    for (const file of files) expect(await row(file.id)).toEqual({ storage: 'postgres', storage_key: null, content: file.content });
    expect(await bucket.objectKeys()).toEqual([]);

    // Run again: nothing left, nothing changed.
    expect(await run([], commandEnv)).toEqual({ code: 0, lines: [`No file left in s3://${TEST_BUCKET}: nothing to move.`] });

    // kyc on the embedded driver with no S3 variable at all serves every file from PostgreSQL.
    await startKyc(infrastructure.env);
    for (const file of files) {
      expect((await download(owner, file.id)).equals(file.content)).toBe(true);
      expect((await download(admin('admin'), file.id)).equals(file.content)).toBe(true);
    }
    // And new uploads stay in PostgreSQL.
    const fresh = await upload(owner, samplePdf(), 'new.pdf', 'kyc:id');
    expect(await row(fresh.id)).toMatchObject({ storage: 'postgres', storage_key: null });
    expect(await bucket.objectKeys()).toEqual([]);
  });

  it('reminds that kyc still writes to the bucket when run with STORAGE_DRIVER=s3', async () => {
    expect(await run([], { ...infrastructure.env, ...bucket.env })).toEqual({
      code: 0,
      lines: [
        `No file left in s3://${TEST_BUCKET}: nothing to move.`,
        'STORAGE_DRIVER is still s3: kyc puts new files in the bucket until it runs with STORAGE_DRIVER=postgres; run this again after switching.',
      ],
    });
  });

  it("refuses to run without the bucket's settings or with a bad batch size, saying what is wrong", async () => {
    const missing = await run([], { ...infrastructure.env, S3_BUCKET: TEST_BUCKET });
    expect(missing.code).toBe(1);
    expect(missing.lines[0]).toContain('S3_ACCESS_KEY_ID (missing)');
    expect(missing.lines[0]).toContain('S3_SECRET_ACCESS_KEY (missing)');
    expect(missing.lines[0]).not.toContain('S3_BUCKET (missing)');
    expect(missing.lines[1]).toMatch(/^error: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY .* are needed to read the files from the bucket\.$/);

    const badBatch = await run(['--batch', '0'], { ...infrastructure.env, ...bucket.env });
    expect(badBatch).toEqual({ code: 1, lines: ['error: --batch must be a whole number from 1 to 1000', expect.stringMatching(/^error: Usage: move-files-to-postgres \[--batch N\]/)] });
  });
});
