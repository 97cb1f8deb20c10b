import 'reflect-metadata';
import request from 'supertest';
import { FILE_PART_BYTES, IdentityCommands, KycFileCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { eventually, FakeServiceError, GatewayHarness } from '../testing/gateway-harness';

jest.setTimeout(60_000);

// The gateway's part of file handling: multipart in, parts to kyc (played here), streaming out.
describe('files through the gateway', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-files');
  });

  afterAll(async () => {
    await gateway?.close();
  });

  afterEach(async () => {
    await gateway.stopResponders();
  });

  it('sends an upload to kyc in parts under one NATS message each, then completes it', async () => {
    const customer = customerActor();
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const complete = await gateway.respond(KycFileCommands.completeUpload, (req) => ({ id: req.payload.uploadId, name: req.payload.name, size: 1, mimeType: 'application/pdf', purpose: req.payload.purpose, createdAt: new Date().toISOString() }));
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(FILE_PART_BYTES + 10)]);
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customer)}`)
      .field('purpose', 'application:id_document')
      .attach('file', content, 'id.pdf');
    expect(response.status).toBe(201);
    expect(parts.requests.map((req) => req.payload.index)).toEqual([0, 1]);
    expect(parts.requests.every((req) => (req.payload.data as string).length <= Math.ceil(FILE_PART_BYTES / 3) * 4)).toBe(true);
    expect(Buffer.concat(parts.requests.map((req) => Buffer.from(req.payload.data as string, 'base64'))).equals(content)).toBe(true);
    expect(complete.requests[0]).toMatchObject({ payload: { parts: 2, name: 'id.pdf', purpose: 'application:id_document' }, meta: { actor: { userId: customer.userId } } });
  });

  it('refuses an 11 MB upload with the spec message before passing anything on', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .attach('file', Buffer.alloc(11 * 1024 * 1024, 0x25), 'big.pdf')
      .catch((error: { response?: request.Response }) => error.response);
    expect(response?.status).toBe(413);
    expect(response?.body.message).toBe('File size must be less than 10MB');
    expect(parts.requests).toHaveLength(0);
  });

  it("refuses an 11 MB KYC document in the Document Upload Center's words (spec 02 §5) before passing anything on", async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .field('purpose', 'kyc:id')
      .attach('file', Buffer.alloc(11 * 1024 * 1024, 0x25), 'big.pdf')
      .catch((error: { response?: request.Response }) => error.response);
    expect(response?.status).toBe(413);
    expect(response?.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'File is larger than 10485760 bytes', code: 'kyc_file_too_large' });
    expect(parts.requests).toHaveLength(0);
  });

  it("answers an admin whose role kyc refuses a file with 403, records the attempt as refused admin access, and sends no content", async () => {
    const fileId = '5a1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a52';
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const describe = await gateway.respond(KycFileCommands.describe, () => {
      throw new FakeServiceError({ statusCode: 403, error: 'Forbidden', message: 'Access denied. Your admin role does not include kyc.', code: 'permission_denied', params: { permission: 'kyc' } });
    });
    const parts = await gateway.respond(KycFileCommands.readPart, () => ({ data: Buffer.from('%PDF-1.4 secret').toString('base64') }));
    const supporter = adminActor({ adminRole: 'support' });
    const response = await request(gateway.baseUrl).get(`/api/v1/files/${fileId}`).set('authorization', `Bearer ${gateway.accessToken(supporter)}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Access denied. Your admin role does not include kyc.', code: 'permission_denied' });
    expect(describe.requests[0]).toMatchObject({ payload: { fileId }, meta: { actor: { userId: supporter.userId, adminRole: 'support' } } });
    expect(parts.requests).toHaveLength(0);
    await eventually(() => audit.requests.length === 1);
    expect(audit.requests[0].payload).toEqual({ type: 'unauthorized_access', path: `/api/v1/files/${fileId}`, method: 'GET', source: 'gateway', details: 'support lacks permission kyc' });
    expect(audit.requests[0].meta.actor).toMatchObject({ userId: supporter.userId, userType: 'admin' });
  });

  it("refuses an empty KYC document in the drop zone's words (spec 02 §5), and asks again for an empty file of another purpose, passing nothing on", async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const token = gateway.accessToken(customerActor());
    const empty = (purpose: string) => request(gateway.baseUrl).post('/api/v1/files').set('authorization', `Bearer ${token}`).field('purpose', purpose).attach('file', Buffer.alloc(0), 'empty.pdf');
    const kyc = await empty('kyc:id');
    expect(kyc.status).toBe(400);
    expect(kyc.body).toMatchObject({ statusCode: 400, message: 'File is smaller than 1 bytes', code: 'kyc_file_too_small', details: [{ field: 'file', message: 'File is smaller than 1 bytes' }] });
    const other = await empty('application:id_document');
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ message: 'Please choose a file to upload.', code: 'file_required' });
    // No file at all is a different case, whatever the purpose.
    const none = await request(gateway.baseUrl).post('/api/v1/files').set('authorization', `Bearer ${token}`).field('purpose', 'kyc:id');
    expect(none.body).toMatchObject({ statusCode: 400, message: 'Please choose a file to upload.', code: 'file_required' });
    expect(parts.requests).toHaveLength(0);
  });

  it('asks for a file when none is sent, and refuses signed-out callers', async () => {
    const token = gateway.accessToken(customerActor());
    const empty = await request(gateway.baseUrl).post('/api/v1/files').set('authorization', `Bearer ${token}`).field('purpose', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please choose a file to upload.');
    expect((await request(gateway.baseUrl).post('/api/v1/files').attach('file', Buffer.from('%PDF-'), 'a.pdf')).status).toBe(401);
  });

  it('streams a file back with its type and a safe download name; unknown or foreign files are 404', async () => {
    const body = Buffer.from('%PDF-1.4 tiny');
    await gateway.respond(KycFileCommands.describe, (req) => {
      if (req.payload.fileId !== '3f1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a50') throw new FakeServiceError({ statusCode: 404, error: 'Not Found', message: 'File not found' });
      return { id: req.payload.fileId, name: 'rép"ort;.pdf', size: body.length, mimeType: 'application/pdf', purpose: null, createdAt: new Date().toISOString(), parts: 1 };
    });
    await gateway.respond(KycFileCommands.readPart, () => ({ data: body.toString('base64') }));
    const token = gateway.accessToken(customerActor());
    const file = await request(gateway.baseUrl).get('/api/v1/files/3f1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a50').set('authorization', `Bearer ${token}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="r_p_ort_.pdf"; filename*=UTF-8''${encodeURIComponent('rép"ort;.pdf')}`);
    expect((file.body as Buffer).equals(body)).toBe(true);
    expect((await request(gateway.baseUrl).get('/api/v1/files/0c1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a51').set('authorization', `Bearer ${token}`)).status).toBe(404);
    expect((await request(gateway.baseUrl).get('/api/v1/files/not-an-id').set('authorization', `Bearer ${token}`)).status).toBe(404);
  });
});
