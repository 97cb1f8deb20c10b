import 'reflect-metadata';
import http from 'node:http';
import request from 'supertest';
import { FILE_PART_BYTES, FILE_PURPOSES, IdentityCommands, KycFileCommands, MAX_FILE_BYTES, USER_MESSAGES } from '@portal/contracts';
import { samplePdf } from '@portal/testing';
import { adminActor, customerActor } from '../testing/builders';
import { eventually, FakeServiceError, GatewayHarness, TestActor } from '../testing/gateway-harness';

jest.setTimeout(60_000);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** A multipart body as a browser sends it: the fields first, then the file. */
function multipart(boundary: string, fields: Record<string, string>, file: Buffer, name: string): Buffer {
  const head = Object.entries(fields)
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * A POST whose headers go out at once; `body` is then sent chunked (no Content-Length), or
 * nothing at all is sent after the headers when `body` is null (a client waiting to be told).
 */
function rawUpload(baseUrl: string, path: string, headers: http.OutgoingHttpHeaders, body: Buffer | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = http.request(`${baseUrl}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started });
        req.destroy();
      });
    });
    req.on('error', reject);
    // A server waiting for the body would hold the request for minutes: give up long before.
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    if (body === null) {
      req.flushHeaders();
      return;
    }
    // Chunked: written in pieces, with no length declared up front.
    for (let offset = 0; offset < body.length; offset += 256 * 1024) req.write(body.subarray(offset, offset + 256 * 1024));
    req.end();
  });
}

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
    const content = samplePdf({ size: FILE_PART_BYTES + 10 });
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customer)}`)
      .field('purpose', 'application:id_document')
      .attach('file', content, 'id.pdf');
    expect(response.status).toBe(201);
    expect(parts.requests.map((req) => req.payload.index)).toEqual([0, 1]);
    // The bytes travel raw after each command's envelope, never as base64 inside it.
    expect(parts.requests.map((req) => req.attachment?.length)).toEqual([FILE_PART_BYTES, 10]);
    expect(parts.requests.every((req) => !('data' in req.payload) && req.payload.purpose === 'application:id_document')).toBe(true);
    expect(Buffer.concat(parts.requests.map((req) => req.attachment ?? Buffer.alloc(0))).equals(content)).toBe(true);
    expect(new Set(parts.requests.map((req) => req.payload.uploadId))).toEqual(new Set([complete.requests[0].payload.uploadId]));
    expect(complete.requests[0]).toMatchObject({ payload: { parts: 2, name: 'id.pdf', purpose: 'application:id_document' }, meta: { actor: { userId: customer.userId } } });
  });

  it('sends each part of a 10 MB upload on as soon as it has arrived, long before the body ends, and never holds the whole file', async () => {
    const started = Date.now();
    const arrivals: number[] = [];
    const parts = await gateway.respond(KycFileCommands.storePart, () => {
      arrivals.push(Date.now() - started);
      return { received: 1 };
    });
    await gateway.respond(KycFileCommands.completeUpload, (req) => ({ id: req.payload.uploadId, name: req.payload.name, size: MAX_FILE_BYTES, mimeType: 'application/pdf', purpose: null, createdAt: new Date().toISOString() }));
    const content = samplePdf({ size: MAX_FILE_BYTES });
    const boundary = 'portal-boundary-slow';
    const body = multipart(boundary, { purpose: 'kyc:id' }, content, 'scan.pdf');
    // All but the last megabyte is sent, and the body ends only once kyc holds 15 of the 20 parts:
    // a gateway that held the whole file would send none before the end and fail here. Counted,
    // not timed, so a busy host is slower but never wrong.
    const withheld = 1024 * 1024;
    const untilArrived = async (count: number) => {
      const deadline = Date.now() + 30_000;
      while (arrivals.length < count) {
        if (Date.now() > deadline) throw new Error(`${arrivals.length} of ${count} parts reached kyc before the body ended`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    let arrivedBeforeEnd = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${gateway.baseUrl}/api/v1/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.accessToken(customerActor())}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(body.subarray(0, body.length - withheld));
      untilArrived(15).then(
        () => {
          arrivedBeforeEnd = arrivals.length;
          req.end(body.subarray(body.length - withheld));
        },
        (error: unknown) => {
          req.destroy();
          reject(error);
        },
      );
    });
    expect(status).toBe(201);
    expect(parts.requests).toHaveLength(MAX_FILE_BYTES / FILE_PART_BYTES);
    expect(Buffer.concat(parts.requests.map((req) => req.attachment ?? Buffer.alloc(0))).equals(content)).toBe(true);
    expect(arrivedBeforeEnd).toBeGreaterThanOrEqual(15);
  });

  /** kyc, played for an upload the gateway will refuse: it must complete nothing and have the parts it sent dropped. */
  async function kycForRefusedUpload() {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const complete = await gateway.respond(KycFileCommands.completeUpload, () => ({}));
    const abandon = await gateway.respond(KycFileCommands.abandonUpload, () => ({ dropped: 1 }));
    return {
      parts,
      /** Nothing completed, and every upload a part was sent for abandoned by the same caller. */
      async leftNothing() {
        expect(complete.requests).toHaveLength(0);
        const uploads = [...new Set(parts.requests.map((req) => req.payload.uploadId))];
        await eventually(() => abandon.requests.length === uploads.length);
        expect(abandon.requests.map((req) => req.payload.uploadId)).toEqual(uploads);
        expect(abandon.requests.map((req) => req.meta.actor?.userId)).toEqual(parts.requests.slice(0, uploads.length).map((req) => req.meta.actor?.userId));
      },
    };
  }

  it('refuses an 11 MB upload with the spec message before passing anything on', async () => {
    const kyc = await kycForRefusedUpload();
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .attach('file', Buffer.alloc(11 * 1024 * 1024, 0x25), 'big.pdf')
      .catch((error: { response?: request.Response }) => error.response);
    expect(response?.status).toBe(413);
    expect(response?.body.message).toBe('File size must be less than 10MB');
    // Its declared length already said so: refused before its body was read, nothing passed on.
    expect(kyc.parts.requests).toHaveLength(0);
    await kyc.leftNothing();
  });

  it('drops the parts already sent when kyc refuses a later one, and answers with its refusal', async () => {
    const abandon = await gateway.respond(KycFileCommands.abandonUpload, () => ({ dropped: 1 }));
    const complete = await gateway.respond(KycFileCommands.completeUpload, () => ({}));
    const parts = await gateway.respond(KycFileCommands.storePart, (req) => {
      if ((req.payload.index as number) === 1) throw new FakeServiceError({ statusCode: 400, error: 'Bad Request', message: USER_MESSAGES.kyc_file_too_large, code: 'kyc_file_too_large' });
      return { received: 1 };
    });
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .field('purpose', 'kyc:id')
      .attach('file', samplePdf({ size: 3 * FILE_PART_BYTES }), 'scan.pdf')
      .catch((error: { response?: request.Response }) => error.response);
    expect(response?.status).toBe(400);
    expect(response?.body).toMatchObject({ code: 'kyc_file_too_large' });
    expect(parts.requests.map((req) => req.payload.index)).toEqual([0, 1]);
    expect(complete.requests).toHaveLength(0);
    await eventually(() => abandon.requests.length === 1);
    expect(abandon.requests[0].payload).toEqual({ uploadId: parts.requests[0].payload.uploadId });
  });

  it("refuses an 11 MB KYC document sent without a length (chunked) in the Document Upload Center's words (spec 02 §5), as it streams, completing nothing", async () => {
    const kyc = await kycForRefusedUpload();
    const boundary = 'portal-boundary-kyc';
    const answer = await rawUpload(
      gateway.baseUrl,
      '/api/v1/files',
      { authorization: `Bearer ${gateway.accessToken(customerActor())}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      multipart(boundary, { purpose: 'kyc:id' }, Buffer.alloc(11 * 1024 * 1024, 0x25), 'big.pdf'),
    ).catch((error: Error) => error);
    expect(answer).not.toBeInstanceOf(Error);
    const { status, body } = answer as RawAnswer;
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'File is larger than 10485760 bytes', code: 'kyc_file_too_large' });
    // Streamed: the parts under the limit went on before it passed, each with the purpose sent before the file.
    expect(kyc.parts.requests.length).toBeGreaterThan(0);
    expect(kyc.parts.requests.length).toBeLessThanOrEqual(MAX_FILE_BYTES / FILE_PART_BYTES);
    expect(kyc.parts.requests.every((req) => req.payload.purpose === 'kyc:id')).toBe(true);
    await kyc.leftNothing();
  });

  it('refuses an upload whose Content-Length is over the limit at once, without waiting for its body, in the route\'s words for a file too large', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const token = gateway.accessToken(customerActor());
    for (const path of ['/api/v1/files', '/API/v1/Files/']) {
      // The headers declare 50 MB and nothing more is sent: the answer cannot depend on the body.
      const answer = await rawUpload(
        gateway.baseUrl,
        path,
        { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=portal-boundary', 'content-length': String(50 * 1024 * 1024) },
        null,
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 413 });
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'File size must be less than 10MB', code: 'file_too_large' });
      expect(answer.headers.connection).toBe('close');
      expect(answer.ms).toBeLessThan(2_000);
    }
    expect(parts.requests).toHaveLength(0);
  });

  it('still takes a file of exactly 10 MB with its fields, declared with its length', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    await gateway.respond(KycFileCommands.completeUpload, (req) => ({ id: req.payload.uploadId, name: req.payload.name, size: MAX_FILE_BYTES, mimeType: 'application/pdf', purpose: req.payload.purpose, createdAt: new Date().toISOString() }));
    const content = samplePdf({ size: MAX_FILE_BYTES });
    const response = await request(gateway.baseUrl)
      .post('/api/v1/files')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .field('purpose', 'kyc:id')
      .attach('file', content, 'a-rather-long-file-name-for-a-scanned-proof-of-address-document.pdf');
    expect(response.status).toBe(201);
    expect(parts.requests).toHaveLength(MAX_FILE_BYTES / FILE_PART_BYTES);
    expect(Buffer.concat(parts.requests.map((req) => req.attachment ?? Buffer.alloc(0))).equals(content)).toBe(true);
  });

  describe("an administrator opening another person's file", () => {
    const fileId = '7c2d6b0e-8a7d-4f57-9f43-1f1d2c3b4a53';
    const ownerId = '1e2d3c4b-5a69-4f57-9f43-8a7d6b0e3f1c';
    const passport = samplePdf({ size: FILE_PART_BYTES + 18, text: 'Passport' });
    const UNAVAILABLE = { statusCode: 503, error: 'Service Unavailable', message: 'The identity service is unavailable. Please try again shortly.', code: 'service_unavailable', params: { name: 'identity' } };

    /** kyc, played: the file belongs to `owner`, and it is a KYC passport scan named after its owner. */
    async function kycWithFile(owner: string) {
      const describe = await gateway.respond(KycFileCommands.describe, (req) => ({
        id: req.payload.fileId,
        name: 'Jane Doe passport.pdf',
        size: passport.length,
        mimeType: 'application/pdf',
        purpose: 'kyc:passport',
        createdAt: new Date().toISOString(),
        parts: 2,
        ownerId: owner,
      }));
      const parts = await gateway.respond(KycFileCommands.readPart, (req) =>
        passport.subarray((req.payload.index as number) * FILE_PART_BYTES, ((req.payload.index as number) + 1) * FILE_PART_BYTES),
      );
      return { describe, parts };
    }

    const download = (actor: TestActor) =>
      request(gateway.baseUrl)
        .get(`/api/v1/files/${fileId}`)
        .set('authorization', `Bearer ${gateway.accessToken(actor)}`)
        .set('x-request-id', `file-view-${actor.userId}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    it('records the view in the audit trail (who, which file, whose, what for, what type; not the name) before sending it', async () => {
      const { parts } = await kycWithFile(ownerId);
      const admin = adminActor({ adminRole: 'moderator' });
      let partsReadWhenRecorded = -1;
      const audit = await gateway.respond(IdentityCommands.recordFileView, () => {
        partsReadWhenRecorded = parts.requests.filter((req) => (req.payload.index as number) > 0).length;
        return { id: 'audit-id' };
      });
      const response = await download(admin);
      expect(response.status).toBe(200);
      expect((response.body as Buffer).equals(passport)).toBe(true);
      expect(audit.requests).toHaveLength(1);
      expect(audit.requests[0].payload).toEqual({ fileId, ownerId, purpose: 'kyc:passport', mimeType: 'application/pdf', size: passport.length });
      expect(JSON.stringify(audit.requests[0].payload)).not.toContain('Jane');
      expect(audit.requests[0].meta).toMatchObject({ requestId: `file-view-${admin.userId}`, actor: { userId: admin.userId, userType: 'admin', adminRole: 'moderator' }, clientIp: expect.any(String) });
      // Recorded before the rest of the file was even read.
      expect(partsReadWhenRecorded).toBe(0);
    });

    it('refuses the download with 503 and sends nothing of the file when the view cannot be recorded, and passes identity\'s refusal of the admin on', async () => {
      await kycWithFile(ownerId);
      const failing = await gateway.respond(IdentityCommands.recordFileView, () => {
        throw new FakeServiceError({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.' });
      });
      const refused = await download(adminActor());
      expect(refused.status).toBe(503);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toEqual(UNAVAILABLE);
      expect((refused.body as Buffer).includes('%PDF')).toBe(false);
      expect(failing.requests).toHaveLength(1);

      // Identity away altogether (no answer within the harness's one second): the same.
      await failing.stop();
      const away = await download(adminActor());
      expect(away.status).toBe(503);
      expect(away.headers['content-disposition']).toBeUndefined();

      // An admin identity no longer lets act is told so, not told to retry.
      await gateway.respond(IdentityCommands.recordFileView, () => {
        throw new FakeServiceError({ statusCode: 403, error: 'Forbidden', message: 'Access denied.' });
      });
      const forbidden = await download(adminActor());
      expect(forbidden.status).toBe(403);
      expect(forbidden.headers['content-disposition']).toBeUndefined();
      expect(JSON.parse((forbidden.body as Buffer).toString('utf8'))).toMatchObject({ statusCode: 403, message: 'Access denied.' });
    });

    it("records nothing when the owner downloads their own file, an administrator's own included", async () => {
      const audit = await gateway.respond(IdentityCommands.recordFileView, () => ({ id: 'audit-id' }));
      const customer = customerActor();
      await kycWithFile(customer.userId);
      const own = await download(customer);
      expect(own.status).toBe(200);
      expect((own.body as Buffer).equals(passport)).toBe(true);
      await gateway.stopResponders();

      const admin = adminActor();
      const again = await gateway.respond(IdentityCommands.recordFileView, () => ({ id: 'audit-id' }));
      await kycWithFile(admin.userId);
      expect((await download(admin)).status).toBe(200);
      expect([...audit.requests, ...again.requests]).toHaveLength(0);
    });
  });

  it("answers an admin whose role kyc refuses a file with 403, records the attempt as refused admin access, and sends no content", async () => {
    const fileId = '5a1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a52';
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const describe = await gateway.respond(KycFileCommands.describe, () => {
      throw new FakeServiceError({ statusCode: 403, error: 'Forbidden', message: 'Access denied. Your admin role does not include kyc.', code: 'admin_role_lacks_permission', params: { permission: 'kyc' } });
    });
    const parts = await gateway.respond(KycFileCommands.readPart, () => samplePdf({ text: 'secret' }));
    const supporter = adminActor({ adminRole: 'support' });
    const response = await request(gateway.baseUrl).get(`/api/v1/files/${fileId}`).set('authorization', `Bearer ${gateway.accessToken(supporter)}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Access denied. Your admin role does not include kyc.', code: 'admin_role_lacks_permission', params: { permission: 'kyc' } });
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
    expect((await request(gateway.baseUrl).post('/api/v1/files').attach('file', samplePdf(), 'a.pdf')).status).toBe(401);
  });

  it('refuses an upload for a purpose it does not know (the API document lists them), and stores nothing', async () => {
    const parts = await gateway.respond(KycFileCommands.storePart, () => ({ received: 1 }));
    const token = gateway.accessToken(customerActor());
    for (const purpose of ['kyc:passport', 'application:', 'x']) {
      const response = await request(gateway.baseUrl).post('/api/v1/files').set('authorization', `Bearer ${token}`).field('purpose', purpose).attach('file', samplePdf(), 'a.pdf');
      expect({ purpose, status: response.status }).toEqual({ purpose, status: 400 });
      expect(response.body).toMatchObject({ code: 'file_purpose_unknown', message: USER_MESSAGES.file_purpose_unknown, details: [{ field: 'purpose', code: 'file_purpose_unknown' }] });
    }
    expect(parts.requests).toHaveLength(0);
    expect(FILE_PURPOSES).toEqual(expect.arrayContaining(['profile_photo', 'kyc:id', 'kyc:biometric', 'application:id_document', 'application:additional']));
    await parts.stop();
  });

  it('streams a download part by part at the pace the client reads it, never reading the whole file ahead of a client that has stopped', async () => {
    const fileId = '4b1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a55';
    const content = samplePdf({ size: MAX_FILE_BYTES });
    const customer = customerActor();
    await gateway.respond(KycFileCommands.describe, (req) => ({ id: req.payload.fileId, name: 'big.pdf', size: content.length, mimeType: 'application/pdf', purpose: null, createdAt: new Date().toISOString(), parts: MAX_FILE_BYTES / FILE_PART_BYTES, ownerId: customer.userId }));
    const parts = await gateway.respond(KycFileCommands.readPart, (req) =>
      content.subarray((req.payload.index as number) * FILE_PART_BYTES, ((req.payload.index as number) + 1) * FILE_PART_BYTES),
    );
    const received = await new Promise<{ askedWhilePaused: number; body: Buffer }>((resolve, reject) => {
      const req = http.get(`${gateway.baseUrl}/api/v1/files/${fileId}`, { headers: { authorization: `Bearer ${gateway.accessToken(customer)}` } }, (res) => {
        // The client takes nothing for a while: only what the connection's buffers hold may be read ahead.
        res.pause();
        setTimeout(() => {
          const askedWhilePaused = parts.requests.length;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ askedWhilePaused, body: Buffer.concat(chunks) }));
          res.resume();
        }, 1_500);
      });
      req.on('error', reject);
    });
    expect(received.askedWhilePaused).toBeGreaterThan(0);
    expect(received.askedWhilePaused).toBeLessThan(MAX_FILE_BYTES / FILE_PART_BYTES - 4);
    expect(received.body.equals(content)).toBe(true);
    expect(parts.requests.map((req) => req.payload.index)).toEqual(Array.from({ length: MAX_FILE_BYTES / FILE_PART_BYTES }, (_, index) => index));
  });

  it('streams a file back with its type and a safe download name; unknown or foreign files are 404', async () => {
    const body = samplePdf();
    await gateway.respond(KycFileCommands.describe, (req) => {
      if (req.payload.fileId !== '3f1c6b0e-8a7d-4f57-9f43-1f1d2c3b4a50') throw new FakeServiceError({ statusCode: 404, error: 'Not Found', message: 'File not found' });
      return { id: req.payload.fileId, name: 'rép"ort;.pdf', size: body.length, mimeType: 'application/pdf', purpose: null, createdAt: new Date().toISOString(), parts: 1 };
    });
    await gateway.respond(KycFileCommands.readPart, () => body);
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
