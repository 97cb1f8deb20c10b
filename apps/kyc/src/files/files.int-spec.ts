import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, AdminRole, FILE_PART_BYTES, FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE, KYC_FILE_TOO_LARGE_MESSAGE, KYC_FILE_TYPE_MESSAGE, KycFileCommands } from '@portal/contracts';
import { ServiceCallError } from '@portal/messaging';
import { sampleDocx, sampleJpeg, samplePdf, samplePng, ServiceUnderTest, startServiceUnderTest } from '@portal/testing';
import { KycModule } from '../kyc.module';
import { fileTransfer } from '../testing/file-transfer';
import { FileRecords } from './file-records';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: AdminRole = 'admin'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });
const pdf = (size = 2_000) => samplePdf({ size });

describe('files stored by the kyc service', () => {
  let harness: ServiceUnderTest;

  beforeAll(async () => {
    // Identity's settings: none stored, so every admin role has the spec's default permissions (spec 02 §6).
    harness = await startServiceUnderTest({ label: 'kyc_files', service: 'kyc', module: (environment) => KycModule.register(environment) });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const { upload, download } = fileTransfer(() => harness.client);

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);
  const fileCount = async () => Number((await harness.database.query('SELECT COUNT(*) AS n FROM kyc.files')).rows[0].n);

  it('stores a PDF of several parts with the type found in its content, and gives it back byte for byte', async () => {
    const owner = customer();
    const content = pdf(FILE_PART_BYTES * 2 + 1234);
    const stored = await upload(owner, content, '../My "ID".pdf', 'application:id_document');
    expect(stored).toMatchObject({ name: 'My ID.pdf', size: content.length, mimeType: 'application/pdf', purpose: 'application:id_document' });
    expect((await download(owner, stored.id)).equals(content)).toBe(true);
    expect(await harness.database.query('SELECT COUNT(*)::int AS n FROM kyc.file_upload_parts')).toMatchObject({ rows: [{ n: 0 }] });
    // The description names the owner, to the owner and to an admin alike (the gateway records an admin opening someone else's file).
    expect(await harness.client.as(owner).send(KycFileCommands.describe, { fileId: stored.id })).toMatchObject({ ownerId: owner.userId, parts: 3 });
    expect(await harness.client.as(admin('super_admin')).send(KycFileCommands.describe, { fileId: stored.id })).toMatchObject({ ownerId: owner.userId });
  });

  it('recognises PNG and JPEG whatever their names say', async () => {
    const owner = customer();
    const png = samplePng();
    const jpeg = sampleJpeg();
    expect((await upload(owner, png, 'scan.pdf')).mimeType).toBe('image/png');
    expect((await upload(owner, jpeg, 'photo')).mimeType).toBe('image/jpeg');
  });

  it('refuses an executable renamed .pdf with the spec message and stores nothing', async () => {
    const before = await fileCount();
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(500)]);
    expect(await refusal(upload(customer(), executable, 'invoice.pdf'))).toMatchObject({ statusCode: 400, message: FILE_TYPE_MESSAGE });
    expect(await fileCount()).toBe(before);
  });

  it('refuses polyglots whose first bytes pass (a PDF with a ZIP appended, %PDF- then HTML and script, a PNG followed by HTML) with the spec messages, storing nothing', async () => {
    const before = await fileCount();
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const zip = sampleDocx();
    const polyglots = [Buffer.concat([pdf(), zip]), Buffer.concat([Buffer.from('%PDF-1.7\n'), html]), Buffer.concat([samplePng(), html]), Buffer.concat([sampleJpeg(), html])];
    for (const content of polyglots) {
      expect(await refusal(upload(customer(), content, 'statement.pdf'))).toMatchObject({ statusCode: 400, message: FILE_TYPE_MESSAGE, code: 'invalid_file_type' });
      expect(await refusal(upload(customer(), content, 'statement.pdf', 'kyc:id'))).toMatchObject({ statusCode: 400, message: KYC_FILE_TYPE_MESSAGE, code: 'invalid_kyc_file_type' });
    }
    expect(await fileCount()).toBe(before);
    // The same files without what was appended are stored.
    expect((await upload(customer(), pdf(), 'statement.pdf')).mimeType).toBe('application/pdf');
  });

  it('refuses a file over 10 MB with the spec message and stores nothing', async () => {
    const before = await fileCount();
    expect(await refusal(upload(customer(), pdf(11 * 1024 * 1024), 'big.pdf'))).toMatchObject({ statusCode: 400, message: FILE_TOO_LARGE_MESSAGE });
    expect(await refusal(upload(customer(), pdf(11 * 1024 * 1024), 'big.pdf', 'application:id_document'))).toMatchObject({ statusCode: 400, message: FILE_TOO_LARGE_MESSAGE });
    expect(await fileCount()).toBe(before);
  });

  it("refuses a KYC document over 10 MB in the Document Upload Center's words (spec 02 §5) and stores nothing", async () => {
    const before = await fileCount();
    const refused = await refusal(upload(customer(), pdf(11 * 1024 * 1024), 'big.pdf', 'kyc:id'));
    expect(refused).toMatchObject({ statusCode: 400, message: 'File is larger than 10485760 bytes', code: 'kyc_file_too_large' });
    expect(KYC_FILE_TOO_LARGE_MESSAGE).toBe('File is larger than 10485760 bytes');
    expect(await fileCount()).toBe(before);
  });

  it('lets the owner read a file; anyone else who is not an admin is told it does not exist', async () => {
    const owner = customer();
    const stored = await upload(owner, pdf());
    expect((await download(owner, stored.id)).equals(pdf())).toBe(true);
    expect(await refusal(harness.client.as(customer()).send(KycFileCommands.describe, { fileId: stored.id }))).toMatchObject({ statusCode: 404, message: 'File not found' });
    expect(await refusal(harness.client.as(customer()).send(KycFileCommands.readPart, { fileId: stored.id, index: 0 }))).toMatchObject({ statusCode: 404 });
    expect(await refusal(harness.client.send(KycFileCommands.describe, { fileId: stored.id }))).toMatchObject({ statusCode: 401 });
  });

  it('still answers a gateway of the previous release, which reads a part as base64 in JSON (read-part v1), with the same bytes and the same refusals', async () => {
    const owner = customer();
    const stored = await upload(owner, pdf());
    const part = await harness.client.as(owner).send(KycFileCommands.readPart, { fileId: stored.id, index: 0 });
    const asBase64 = await harness.client.as(owner).send(KycFileCommands.readPartAsBase64, { fileId: stored.id, index: 0 });
    expect(Buffer.from(asBase64.data, 'base64').equals(part)).toBe(true);
    expect(await refusal(harness.client.as(customer()).send(KycFileCommands.readPartAsBase64, { fileId: stored.id, index: 0 }))).toMatchObject({ statusCode: 404 });
  });

  it("lets an admin read another person's file only with the permission its purpose needs; others get 403", async () => {
    const owner = customer();
    const kyc = await upload(owner, pdf(), 'passport.pdf', 'kyc:id');
    const application = await upload(owner, pdf(), 'id.pdf', 'application:id_document');
    const photo = await upload(owner, samplePng(), 'me.png', 'profile_photo');
    const other = await upload(owner, pdf(), 'other.pdf');
    const reads = async (role: AdminRole, fileId: string) => {
      const reader = admin(role);
      const described = await refusal(harness.client.as(reader).send(KycFileCommands.describe, { fileId }));
      const part = await refusal(harness.client.as(reader).send(KycFileCommands.readPart, { fileId, index: 0 }));
      expect(part?.statusCode ?? null).toBe(described?.statusCode ?? null);
      return described === null ? 'read' : described;
    };
    const denied = (permission: string) => ({
      statusCode: 403,
      message: permission === 'all' ? 'Access denied. Only super administrators can do this.' : `Access denied. Your admin role does not include ${permission}.`,
      code: permission === 'all' ? 'super_admin_only' : 'admin_role_lacks_permission',
      params: { permission },
    });
    // Spec 02 §6 defaults: admin has users, investments, transactions, kyc; moderator users, kyc; support tickets, notifications.
    expect(await reads('super_admin', kyc.id)).toBe('read');
    expect(await reads('admin', kyc.id)).toBe('read');
    expect(await reads('moderator', kyc.id)).toBe('read');
    expect(await reads('support', kyc.id)).toMatchObject(denied('kyc'));
    expect(await reads('admin', application.id)).toBe('read');
    expect(await reads('moderator', application.id)).toMatchObject(denied('investments'));
    expect(await reads('support', application.id)).toMatchObject(denied('investments'));
    expect(await reads('moderator', photo.id)).toBe('read');
    expect(await reads('support', photo.id)).toMatchObject(denied('users'));
    expect(await reads('super_admin', other.id)).toBe('read');
    expect(await reads('admin', other.id)).toMatchObject(denied('all'));
    // The content an allowed admin reads is the file's.
    expect((await download(admin('moderator'), kyc.id)).equals(pdf())).toBe(true);
    // An unknown id is still 404 for an admin, and an admin reads their own file whatever their role.
    expect(await refusal(harness.client.as(admin('support')).send(KycFileCommands.describe, { fileId: randomUUID() }))).toMatchObject({ statusCode: 404 });
    const supporter = admin('support');
    const own = await upload(supporter, pdf(), 'mine.pdf', 'kyc:id');
    expect((await download(supporter, own.id)).equals(pdf())).toBe(true);
  });

  it("tells a service which of the caller's files exist, never another person's", async () => {
    const owner = customer();
    const mine = await upload(owner, pdf());
    const theirs = await upload(customer(), pdf());
    const { files } = await harness.client.as(owner).send(KycFileCommands.ownedFiles, { fileIds: [mine.id, theirs.id, randomUUID()] });
    expect(files.map((file) => file.id)).toEqual([mine.id]);
  });

  it('drops the parts of an upload the gateway abandons, so it can never be completed, and only the caller\'s own', async () => {
    const owner = customer();
    const content = pdf(FILE_PART_BYTES + 100);
    const uploadId = randomUUID();
    await harness.client.as(owner).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 0 }, content.subarray(0, FILE_PART_BYTES));
    const partsOf = async () => (await harness.database.query('SELECT COUNT(*)::int AS n FROM kyc.file_upload_parts WHERE upload_id = $1', [uploadId])).rows[0].n as number;
    // Someone else's abandon drops nothing.
    expect(await harness.client.as(customer()).send(KycFileCommands.abandonUpload, { uploadId })).toEqual({ dropped: 0 });
    expect(await partsOf()).toBe(1);
    expect(await harness.client.as(owner).send(KycFileCommands.abandonUpload, { uploadId })).toEqual({ dropped: 1 });
    expect(await partsOf()).toBe(0);
    const before = await fileCount();
    expect(await refusal(harness.client.as(owner).send(KycFileCommands.completeUpload, { uploadId, parts: 1, name: 'a.pdf' }))).toMatchObject({ statusCode: 400, code: 'upload_incomplete' });
    expect(await fileCount()).toBe(before);
  });

  it('purges the parts of uploads left unfinished for over an hour, and keeps those still arriving', async () => {
    const owner = customer();
    const stale = randomUUID();
    const fresh = randomUUID();
    await harness.client.as(owner).sendWithAttachment(KycFileCommands.storePart, { uploadId: stale, index: 0 }, pdf());
    await harness.client.as(owner).sendWithAttachment(KycFileCommands.storePart, { uploadId: fresh, index: 0 }, pdf());
    await harness.database.query(`UPDATE kyc.file_upload_parts SET created_at = now() - interval '61 minutes' WHERE upload_id = $1`, [stale]);
    const deleted = await harness.service.get(FileRecords).purgeAbandoned();
    expect(deleted['abandoned upload parts']).toBeGreaterThanOrEqual(1);
    const left = await harness.database.query('SELECT upload_id FROM kyc.file_upload_parts WHERE upload_id = ANY($1)', [[stale, fresh]]);
    expect(left.rows.map((row: { upload_id: string }) => row.upload_id)).toEqual([fresh]);
  });

  it('refuses a part sent without its bytes, or as base64 inside the JSON', async () => {
    const uploadId = randomUUID();
    expect(await refusal(harness.client.as(customer()).send(KycFileCommands.storePart, { uploadId, index: 0 }))).toMatchObject({ statusCode: 400, code: 'file_part_size_invalid' });
    expect(await refusal(harness.client.as(customer()).sendUnchecked(KycFileCommands.storePart, { uploadId, index: 0, data: pdf().toString('base64') }))).toMatchObject({ statusCode: 400 });
    expect(await harness.database.query('SELECT COUNT(*)::int AS n FROM kyc.file_upload_parts WHERE upload_id = $1', [uploadId])).toMatchObject({ rows: [{ n: 0 }] });
  });

  it("does not let one person add parts to another's upload", async () => {
    const uploadId = randomUUID();
    await harness.client.as(customer()).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 0 }, pdf());
    expect(await refusal(harness.client.as(customer()).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 1 }, pdf()))).toMatchObject({ statusCode: 404 });
  });
});
