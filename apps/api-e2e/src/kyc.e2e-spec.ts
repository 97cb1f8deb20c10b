import { samplePdf, samplePng, SignedInAccount, signIn, TestStack } from '@portal/testing';
import { adminOn, approvedDeposit, customerOn, useTestStack } from './journeys';

jest.setTimeout(180_000);

const pdf = (size = 4_000) => samplePdf({ size, text: 'Passport' });
const png = () => samplePng({ size: 2_008 });

/** A multipart upload as the Document Upload Center sends it. */
async function upload(stack: TestStack, account: SignedInAccount, content: Buffer, name: string, purpose: string) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${stack.baseUrl}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${account.accessToken}` }, body: form });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

/** A download as the web app asks for it: status, and the JSON error body when refused. */
async function download(stack: TestStack, account: SignedInAccount, fileId: string) {
  const response = await fetch(`${stack.baseUrl}/api/v1/files/${fileId}`, { headers: { authorization: `Bearer ${account.accessToken}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, body: response.status === 200 ? null : (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>) };
}

interface Items<T = { id: string; status: string; reviewNotes: string | null }> {
  items: T[];
  total: number;
  nextCursor?: string | null;
}

/** Asks again until the answer satisfies `done` (read models and the audit log follow events). */
async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, attempts = 60): Promise<T> {
  let last = await ask();
  for (let attempt = 1; attempt < attempts && !done(last); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await ask();
  }
  return last;
}

describe('KYC documents, review and user management over HTTP', () => {
  let stack: TestStack;

  useTestStack('api-kyc', (started) => (stack = started), { timeoutMs: 180_000 });

  it("lets an admin read a customer's file only with the permission its purpose needs, records each refusal, and says an oversized KYC upload in the drop zone's words", async () => {
    const customer = await customerOn(stack);
    const [superAdmin, admin, moderator, support] = await Promise.all(
      (['super_admin', 'admin', 'moderator', 'support'] as const).map((role) => adminOn(stack, role)),
    );
    const passport = await upload(stack, customer, pdf(), 'passport.pdf', 'kyc:id');
    const applicationId = await upload(stack, customer, pdf(), 'id.pdf', 'application:id_document');
    expect([passport.status, applicationId.status]).toEqual([201, 201]);
    const kycFile = passport.body.id as string;
    const applicationFile = applicationId.body.id as string;

    // The owner reads both; a KYC document needs kyc (spec 02 §6: admin and moderator), an application's document investments (admin).
    expect((await download(stack, customer, kycFile)).bytes.equals(pdf())).toBe(true);
    expect((await download(stack, customer, applicationFile)).status).toBe(200);
    expect((await download(stack, superAdmin, kycFile)).status).toBe(200);
    expect((await download(stack, admin, kycFile)).status).toBe(200);
    expect((await download(stack, moderator, kycFile)).bytes.equals(pdf())).toBe(true);
    expect((await download(stack, admin, applicationFile)).status).toBe(200);

    const supportRefused = await download(stack, support, kycFile);
    expect(supportRefused).toMatchObject({ status: 403, body: { statusCode: 403, message: 'Access denied. Your admin role does not include kyc.', code: 'admin_role_lacks_permission' } });
    expect(supportRefused.bytes.includes(Buffer.from('passport'))).toBe(false);
    const moderatorRefused = await download(stack, moderator, applicationFile);
    expect(moderatorRefused).toMatchObject({ status: 403, body: { message: 'Access denied. Your admin role does not include investments.', code: 'admin_role_lacks_permission' } });

    // Each refusal is a security event, as refused admin access is elsewhere.
    type Entry = { actionType: string; actorUserId: string | null; metadata: Record<string, unknown> };
    const refusals = (answer: { body: Items<Entry> }) => answer.body.items.filter((entry) => entry.actionType === 'unauthorized_access' && String(entry.metadata.path).startsWith('/api/v1/files/'));
    const audit = await eventually(
      () => superAdmin.api.get<Items<Entry>>('/api/v1/admin/audit-logs?category=security_event&limit=100'),
      (answer) => refusals(answer).length >= 2,
    );
    expect(refusals(audit).map((entry) => ({ actor: entry.actorUserId, path: entry.metadata.path, details: entry.metadata.reportedDetails })).sort((a, b) => String(a.details).localeCompare(String(b.details)))).toEqual([
      { actor: moderator.user.id, path: `/api/v1/files/${applicationFile}`, details: 'moderator lacks permission investments' },
      { actor: support.user.id, path: `/api/v1/files/${kycFile}`, details: 'support lacks permission kyc' },
    ]);

    // Over 10 MB: the Document Upload Center's words for its uploads, spec 01 §5's for the application forms'.
    // The gateway answers 413 as soon as 10 MB have arrived; a client still sending may instead
    // see the connection closed (the words themselves are checked in the gateway's files test).
    const big = pdf(11 * 1024 * 1024);
    const tooLarge = (purpose: string) => upload(stack, customer, big, 'big.pdf', purpose).catch(() => ({ status: 0, body: null }));
    const kycUpload = await tooLarge('kyc:tax');
    if (kycUpload.status !== 0) expect(kycUpload).toMatchObject({ status: 413, body: { message: 'File is larger than 10485760 bytes', code: 'kyc_file_too_large' } });
    const applicationUpload = await tooLarge('application:id_document');
    if (applicationUpload.status !== 0) expect(applicationUpload).toMatchObject({ status: 413, body: { message: 'File size must be less than 10MB' } });
    expect([kycUpload.status, applicationUpload.status].every((status) => status === 413 || status === 0)).toBe(true);
  });

  it('takes a customer from uploaded documents to verified KYC, keeps others out, and lets admins manage the account', async () => {
    const customer = await customerOn(stack, { firstName: 'Dorothy', lastName: 'Vaughan' });
    const stranger = await customerOn(stack);
    const superAdmin = await adminOn(stack);

    // The customer uploads an ID (PDF) and a tax document (PNG) and sees both pending.
    const idFile = await upload(stack, customer, pdf(), 'passport.pdf', 'kyc:id');
    const taxFile = await upload(stack, customer, png(), 'tax-return.png', 'kyc:tax');
    expect(idFile).toMatchObject({ status: 201, body: { mimeType: 'application/pdf' } });
    expect(taxFile).toMatchObject({ status: 201, body: { mimeType: 'image/png' } });
    const id = await customer.api.post('/api/v1/kyc/documents', { fileId: idFile.body.id, documentType: 'id' });
    const tax = await customer.api.post('/api/v1/kyc/documents', { fileId: taxFile.body.id, documentType: 'tax' });
    expect(id).toMatchObject({ status: 201, body: { status: 'pending', documentType: 'id', fileName: 'passport.pdf' } });
    expect(tax.status).toBe(201);
    expect((await customer.api.get<Items>('/api/v1/kyc/documents')).body.items).toHaveLength(2);

    // Bad input stores nothing.
    const executable = await upload(stack, customer, Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(1000)]), 'id.pdf', 'kyc:id');
    expect(executable).toMatchObject({ status: 400, body: { message: 'File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX' } });
    expect((await customer.api.post('/api/v1/kyc/documents', { fileId: idFile.body.id, documentType: 'passport' })).status).toBe(400);

    // A second customer cannot read the first one's documents.
    expect((await stranger.api.get(`/api/v1/files/${idFile.body.id as string}`)).status).toBe(404);
    expect((await stranger.api.post('/api/v1/kyc/documents', { fileId: taxFile.body.id, documentType: 'tax' })).status).toBe(404);
    expect((await stranger.api.get<Items>('/api/v1/kyc/documents')).body.items).toEqual([]);
    expect((await stranger.api.get('/api/v1/admin/kyc/documents')).status).toBe(403);

    // A super admin creates a moderator; the moderator reviews KYC but cannot create admins.
    const moderatorForm = { firstName: 'Mod', lastName: 'Erator', email: `moderator-${Date.now()}@example.test`, password: 'Moder@tor2026', confirmPassword: 'Moder@tor2026', adminRole: 'moderator' };
    expect((await superAdmin.api.post('/api/v1/admin/admins', { ...moderatorForm, confirmPassword: 'other' })).body).toMatchObject({ message: 'Passwords do not match' });
    expect((await superAdmin.api.post('/api/v1/admin/admins', moderatorForm)).status).toBe(201);
    const moderator = await signIn(stack.api, moderatorForm.email, moderatorForm.password);
    expect(moderator.user.adminRole).toBe('moderator');
    expect((await moderator.api.post('/api/v1/admin/admins', { ...moderatorForm, email: `x-${moderatorForm.email}` })).status).toBe(403);

    // The moderator finds the customer and the documents.
    const found = await moderator.api.get(`/api/v1/admin/users?q=${encodeURIComponent(customer.email)}`);
    expect(found.body).toMatchObject({ total: 1, items: [{ id: customer.user.id, kycStatus: 'pending', userStatus: 'active' }] });
    const documents = await moderator.api.get<Items>('/api/v1/admin/kyc/documents?q=dorothy');
    expect(documents.body.items.map((document) => document.id).sort()).toEqual([id.body.id, tax.body.id].sort());
    // One a page: the newer document, then by its cursor the older, and the end.
    const newer = await moderator.api.get<Items>('/api/v1/admin/kyc/documents?q=dorothy&limit=1');
    expect(newer.body).toMatchObject({ total: 2, items: [{ id: tax.body.id }], nextCursor: expect.any(String) });
    expect((await moderator.api.get<Items>(`/api/v1/admin/kyc/documents?q=dorothy&limit=1&cursor=${newer.body.nextCursor ?? ''}`)).body).toMatchObject({ total: 2, items: [{ id: id.body.id }], nextCursor: null });
    for (const list of ['/api/v1/admin/kyc/documents', '/api/v1/admin/users']) {
      expect(await moderator.api.get(`${list}?cursor=bm90IGEgY3Vyc29y`)).toMatchObject({ status: 400, body: { code: 'cursor_invalid' } });
    }

    // Approves one, rejects one with a note; a KYC rejection needs a reason; approves the KYC.
    expect((await moderator.api.post(`/api/v1/admin/kyc/documents/${id.body.id as string}/review`, { decision: 'approved' })).body).toMatchObject({ status: 'approved' });
    expect((await moderator.api.post(`/api/v1/admin/kyc/documents/${tax.body.id as string}/review`, { decision: 'rejected', notes: 'Not the current tax year' })).body).toMatchObject({
      status: 'rejected',
    });
    const noReason = await moderator.api.post(`/api/v1/admin/users/${customer.user.id}/kyc`, { decision: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Please provide a reason for rejecting KYC.');
    expect((await moderator.api.post('/api/v1/admin/kyc/documents/request', { userId: customer.user.id, message: '' })).status).toBe(400);
    expect((await moderator.api.post('/api/v1/admin/kyc/documents/request', { userId: customer.user.id, message: 'Please upload this year’s tax return.' })).body).toEqual({ sent: true });
    expect((await moderator.api.post(`/api/v1/admin/users/${customer.user.id}/kyc`, { decision: 'verified', notes: 'ID checked' })).body).toMatchObject({ kycStatus: 'verified' });

    // The customer sees the statuses; identity's read model follows the decision.
    const mine = (await customer.api.get<Items>('/api/v1/kyc/documents')).body.items;
    expect(mine.find((document) => document.id === tax.body.id)).toMatchObject({ status: 'rejected', reviewNotes: 'Not the current tax year' });
    expect(mine.find((document) => document.id === id.body.id)).toMatchObject({ status: 'approved' });
    const verified = await eventually(
      () => moderator.api.get<Items>(`/api/v1/admin/users?q=${encodeURIComponent(customer.email)}&kycStatus=verified`),
      (answer) => answer.body.total === 1,
    );
    expect(verified.body.total).toBe(1);

    // Every decision is in the audit log.
    const audit = await eventually(
      () => superAdmin.api.get<Items<{ actionType: string }>>('/api/v1/admin/audit-logs?limit=100'),
      (answer) => JSON.stringify(answer.body).includes('kyc_approved'),
    );
    const actions = audit.body.items.map((entry) => entry.actionType);
    expect(actions).toEqual(expect.arrayContaining(['kyc_document_approved', 'kyc_document_rejected', 'kyc_document_requested', 'kyc_approved', 'admin_created']));

    // A suspended customer is signed out on the next call and cannot sign in.
    expect((await moderator.api.post(`/api/v1/admin/users/${customer.user.id}/suspend`, {})).body).toMatchObject({ userStatus: 'suspended' });
    expect((await customer.api.get('/api/v1/kyc/documents')).status).toBe(401);
    expect((await stack.api.post('/api/v1/auth/login', { email: customer.email, password: customer.password })).status).toBe(403);

    // A customer who still holds money cannot be deleted.
    const saver = await customerOn(stack);
    await approvedDeposit(saver, superAdmin, 500);
    expect(await superAdmin.api.request('DELETE', `/api/v1/admin/users/${saver.user.id}`)).toMatchObject({
      status: 409,
      body: { message: 'This customer still holds funds. Settle or withdraw the balance before deleting the account.' },
    });
    expect((await saver.api.get('/api/v1/balance')).status).toBe(200);

    // Deleting needs a super admin; it closes the account and anonymises it.
    expect((await moderator.api.request('DELETE', `/api/v1/admin/users/${stranger.user.id}`)).status).toBe(403);
    expect((await superAdmin.api.request('DELETE', `/api/v1/admin/users/${stranger.user.id}`)).body).toEqual({ deleted: true });
    expect((await superAdmin.api.get<Items>(`/api/v1/admin/users?q=${encodeURIComponent(stranger.email)}`)).body.total).toBe(0);
  });
});
