import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, FILE_PART_BYTES, FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE, KycFileCommands, StoredFile } from '@portal/contracts';
import { runService, ServiceCallError } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() });
const pdf = (size = 2_000) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x41)]);

describe('files stored by the kyc service', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('kyc_files');
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  /** Uploads as the gateway does: parts, then completion. */
  async function upload(actor: Actor, content: Buffer, name = 'passport.pdf', purpose?: string): Promise<StoredFile> {
    const uploadId = randomUUID();
    const parts = Math.max(1, Math.ceil(content.length / FILE_PART_BYTES));
    for (let index = 0; index < parts; index += 1) {
      await client.as(actor).send(KycFileCommands.storePart, { uploadId, index, data: content.subarray(index * FILE_PART_BYTES, (index + 1) * FILE_PART_BYTES).toString('base64') });
    }
    return client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts, name, purpose });
  }

  async function download(actor: Actor, fileId: string): Promise<Buffer> {
    const file = await client.as(actor).send(KycFileCommands.describe, { fileId });
    const parts: Buffer[] = [];
    for (let index = 0; index < file.parts; index += 1) parts.push(Buffer.from((await client.as(actor).send(KycFileCommands.readPart, { fileId, index })).data, 'base64'));
    return Buffer.concat(parts);
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);
  const fileCount = async () => Number((await database.query('SELECT COUNT(*) AS n FROM kyc.files')).rows[0].n);

  it('stores a PDF of several parts with the type found in its content, and gives it back byte for byte', async () => {
    const owner = customer();
    const content = pdf(FILE_PART_BYTES * 2 + 1234);
    const stored = await upload(owner, content, '../My "ID".pdf', 'application:id_document');
    expect(stored).toMatchObject({ name: 'My ID.pdf', size: content.length, mimeType: 'application/pdf', purpose: 'application:id_document' });
    expect((await download(owner, stored.id)).equals(content)).toBe(true);
    expect(await database.query('SELECT COUNT(*)::int AS n FROM kyc.file_upload_parts')).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('recognises PNG and JPEG whatever their names say', async () => {
    const owner = customer();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect((await upload(owner, png, 'scan.pdf')).mimeType).toBe('image/png');
    expect((await upload(owner, jpeg, 'photo')).mimeType).toBe('image/jpeg');
  });

  it('refuses an executable renamed .pdf with the spec message and stores nothing', async () => {
    const before = await fileCount();
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(500)]);
    expect(await refusal(upload(customer(), executable, 'invoice.pdf'))).toMatchObject({ statusCode: 400, message: FILE_TYPE_MESSAGE });
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over 10 MB with the spec message and stores nothing', async () => {
    const before = await fileCount();
    expect(await refusal(upload(customer(), pdf(11 * 1024 * 1024), 'big.pdf'))).toMatchObject({ statusCode: 400, message: FILE_TOO_LARGE_MESSAGE });
    expect(await fileCount()).toBe(before);
  });

  it('lets the owner and admins read a file; anyone else is told it does not exist', async () => {
    const owner = customer();
    const stored = await upload(owner, pdf());
    expect(await refusal(client.as(customer()).send(KycFileCommands.describe, { fileId: stored.id }))).toMatchObject({ statusCode: 404, message: 'File not found' });
    expect(await refusal(client.as(customer()).send(KycFileCommands.readPart, { fileId: stored.id, index: 0 }))).toMatchObject({ statusCode: 404 });
    expect((await download(admin(), stored.id)).equals(pdf())).toBe(true);
    expect(await refusal(client.send(KycFileCommands.describe, { fileId: stored.id }))).toMatchObject({ statusCode: 401 });
  });

  it("tells a service which of the caller's files exist, never another person's", async () => {
    const owner = customer();
    const mine = await upload(owner, pdf());
    const theirs = await upload(customer(), pdf());
    const { files } = await client.as(owner).send(KycFileCommands.ownedFiles, { fileIds: [mine.id, theirs.id, randomUUID()] });
    expect(files.map((file) => file.id)).toEqual([mine.id]);
  });

  it("does not let one person add parts to another's upload", async () => {
    const uploadId = randomUUID();
    await client.as(customer()).send(KycFileCommands.storePart, { uploadId, index: 0, data: pdf().toString('base64') });
    expect(await refusal(client.as(customer()).send(KycFileCommands.storePart, { uploadId, index: 1, data: pdf().toString('base64') }))).toMatchObject({ statusCode: 404 });
  });
});
