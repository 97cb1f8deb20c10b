import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Actor, AdminRole, ApplicationsCommands, FILE_PART_BYTES, IDENTITY_EVENTS_STREAM, IdentityEvents, KycFileCommands, PROFILE_PHOTO_PURPOSE } from '@portal/contracts';
import { ServiceCallError } from '@portal/messaging';
import { answerCommand, eventEnvelope, EventPublisher, samplePdf, samplePng, ServiceUnderTest, startServiceUnderTest } from '@portal/testing';
import { moveFilesToS3Command } from '../cli/move-files-to-s3';
import { KycEnvironment } from '../kyc-environment';
import { FileStore } from './storage/file-store';
import { KycModule } from '../kyc.module';
import { fileTransfer } from '../testing/file-transfer';
import { startTestBucket, TEST_BUCKET, TestBucket } from '../testing/s3-bucket';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

describe('files in an S3-compatible bucket (STORAGE_DRIVER=s3)', () => {
  let bucket: TestBucket;
  let harness: ServiceUnderTest;
  let identity: EventPublisher;

  beforeAll(async () => {
    bucket = await startTestBucket('kyc-s3-');
    harness = await startServiceUnderTest({ label: 'kyc_files_s3', service: 'kyc', environment: KycEnvironment, module: (environment) => KycModule.register(environment), env: { ...bucket.env, EVENT_RETRY_DELAY_MS: '100' } });
    identity = await EventPublisher.connect(harness.infrastructure.nats.url);
    // The applications service, played: no application keeps any of these files.
    answerCommand(harness.client.connection, ApplicationsCommands.referencedFiles.subject, () => ({ fileIds: [] }));
    await harness.client.connection.flush();
  });

  afterAll(async () => {
    await identity?.close();
    await harness?.stop();
    await bucket?.stop();
  });

  const { upload, download } = fileTransfer(() => harness.client);

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);
  const row = async (id: string) =>
    (await harness.database.query('SELECT storage, storage_key, content IS NULL AS "contentEmpty" FROM kyc.files WHERE id = $1', [id])).rows[0] as
      | { storage: string; storage_key: string | null; contentEmpty: boolean }
      | undefined;
  const object = async (key: string): Promise<Buffer | null> => {
    try {
      return Buffer.from(await (await bucket.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }))).Body!.transformToByteArray());
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };

  it('stores an uploaded KYC document in the bucket, not in PostgreSQL, and serves it to its owner and to a KYC admin only', async () => {
    const owner = customer();
    const content = samplePdf({ size: FILE_PART_BYTES * 2 + 1234 });
    const stored = await upload(owner, content, 'passport.pdf', 'kyc:id');
    expect(stored).toMatchObject({ name: 'passport.pdf', size: content.length, mimeType: 'application/pdf', purpose: 'kyc:id' });

    expect(await row(stored.id)).toEqual({ storage: 's3', storage_key: `files/${stored.id}`, contentEmpty: true });
    expect((await object(`files/${stored.id}`))?.equals(content)).toBe(true);

    expect((await download(owner, stored.id)).equals(content)).toBe(true);
    // A moderator's role has kyc by default (spec 02 §6); support's does not.
    expect((await download(admin('moderator'), stored.id)).equals(content)).toBe(true);
    expect(await refusal(harness.client.as(admin('support')).send(KycFileCommands.readPart, { fileId: stored.id, index: 0 }))).toMatchObject({ statusCode: 403, code: 'admin_role_lacks_permission', params: { permission: 'kyc' } });
    const stranger = customer();
    expect(await refusal(harness.client.as(stranger).send(KycFileCommands.describe, { fileId: stored.id }))).toMatchObject({ statusCode: 404, message: 'File not found' });
    expect(await refusal(harness.client.as(stranger).send(KycFileCommands.readPart, { fileId: stored.id, index: 0 }))).toMatchObject({ statusCode: 404 });
  });

  it('checks the content before anything reaches the bucket: a PDF with HTML after its end is refused and nothing is stored', async () => {
    const before = await bucket.objectKeys();
    const polyglot = Buffer.concat([samplePdf(), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(await refusal(upload(customer(), polyglot, 'statement.pdf', 'kyc:id'))).toMatchObject({ statusCode: 400, code: 'invalid_kyc_file_type' });
    expect(await bucket.objectKeys()).toEqual(before);
  });

  it('moves files stored in PostgreSQL to the bucket with the move command, once, and they still read back byte for byte', async () => {
    const owner = customer();
    // Files written before the switch to s3: their bytes in the row, read through the postgres driver meanwhile.
    const contents = [samplePdf({ size: 3_000 }), samplePng(), samplePdf({ size: FILE_PART_BYTES + 10 })];
    const ids = contents.map(() => randomUUID());
    for (const [index, content] of contents.entries()) {
      await harness.database.query(`INSERT INTO kyc.files (id, owner_id, name, size, mime_type, purpose, sha256, content) VALUES ($1, $2, $3, $4, $5, 'kyc:id', $6, $7)`, [
        ids[index],
        owner.userId,
        `old-${index}`,
        content.length,
        index === 1 ? 'image/png' : 'application/pdf',
        createHash('sha256').update(content).digest('hex'),
        content,
      ]);
    }
    expect(await row(ids[0])).toEqual({ storage: 'postgres', storage_key: null, contentEmpty: false });
    expect((await download(owner, ids[2])).equals(contents[2])).toBe(true);

    // A run interrupted while putting the first object (part of it in the bucket, the row unchanged): the next run puts it again whole.
    await bucket.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: `files/${ids[0]}`, Body: contents[0].subarray(0, 100) }));
    const lines: string[] = [];
    const output = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`error: ${line}`) };
    expect(await moveFilesToS3Command(['--batch', '2'], harness.infrastructure.env, output)).toBe(0);
    expect(lines.at(-1)).toBe(`Done: 3 file(s) moved to s3://${TEST_BUCKET}; none left in PostgreSQL.`);
    for (const [index, id] of ids.entries()) {
      expect(await row(id)).toEqual({ storage: 's3', storage_key: `files/${id}`, contentEmpty: true });
      expect((await object(`files/${id}`))?.equals(contents[index])).toBe(true);
      expect((await download(owner, id)).equals(contents[index])).toBe(true);
    }
    expect((await download(admin('admin'), ids[1])).equals(contents[1])).toBe(true);
    // A read that found the row still in PostgreSQL just before the move committed gets the bytes from the bucket.
    expect((await harness.service.get(FileStore).read({ id: ids[2], storage: 'postgres', storageKey: null }, { start: FILE_PART_BYTES, length: 10 })).equals(contents[2].subarray(FILE_PART_BYTES))).toBe(true);

    // Run again: nothing left to move, nothing changed.
    lines.length = 0;
    expect(await moveFilesToS3Command([], harness.infrastructure.env, output)).toBe(0);
    expect(lines).toEqual(['No file left in PostgreSQL: nothing to move.']);
  });

  it('refuses to move files without the s3 driver and its settings, saying which variables', async () => {
    const lines: string[] = [];
    const output = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    expect(await moveFilesToS3Command([], { ...harness.infrastructure.env, STORAGE_DRIVER: 'postgres' }, output)).toBe(1);
    expect(lines[0]).toMatch(/^STORAGE_DRIVER must be s3/);
    lines.length = 0;
    expect(await moveFilesToS3Command([], { ...harness.infrastructure.env, S3_BUCKET: '', S3_SECRET_ACCESS_KEY: '' }, output)).toBe(1);
    expect(lines[0]).toContain('S3_BUCKET (missing): S3_BUCKET is required when STORAGE_DRIVER=s3');
    expect(lines[0]).toContain('S3_SECRET_ACCESS_KEY (missing)');
  });

  it("deletes the objects of the files a deleted account's erasure removes, and keeps those KYC keeps", async () => {
    const person = customer();
    const photo = await upload(person, samplePng(), 'me.png', PROFILE_PHOTO_PURPOSE);
    const loose = await upload(person, samplePdf(), 'never-handed-in.pdf', 'kyc:tax');
    const handedIn = await upload(person, samplePdf(), 'passport.pdf', 'kyc:id');
    await harness.database.query(`INSERT INTO kyc.kyc_documents (id, user_id, document_type, file_id, status) VALUES ($1, $2, 'id', $3, 'pending')`, [randomUUID(), person.userId, handedIn.id]);
    for (const file of [photo, loose, handedIn]) expect(await object(`files/${file.id}`)).not.toBeNull();

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: person.userId, deletedBy: person.userId });
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', await identity.publish(IDENTITY_EVENTS_STREAM, event));

    expect(await row(photo.id)).toBeUndefined();
    expect(await row(loose.id)).toBeUndefined();
    expect(await object(`files/${photo.id}`)).toBeNull();
    expect(await object(`files/${loose.id}`)).toBeNull();
    // Customer due diligence keeps the document handed in: its row and its object.
    expect(await row(handedIn.id)).toMatchObject({ storage: 's3' });
    expect(await object(`files/${handedIn.id}`)).not.toBeNull();
  });
});
