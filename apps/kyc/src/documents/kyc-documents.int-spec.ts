import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import {
  Actor,
  CommandDefinition,
  FILE_PART_BYTES,
  IdentityCommands,
  KYC_EVENTS_STREAM,
  KYC_FILE_TYPE_MESSAGE,
  KycDocumentCommands,
  KycEvents,
  KycFileCommands,
  StoredFile,
  USER_MESSAGES,
} from '@portal/contracts';
import { runService, ServiceCallError } from '@portal/messaging';
import { answerCommand, sampleDocx, sampleGif, samplePdf, samplePng, StandIn, StandInReply, startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin = (adminRole: Actor['adminRole'] = 'admin'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });
const pdf = () => samplePdf();
const png = () => samplePng();
const docx = () => sampleDocx();

describe('KYC documents, their review and the KYC decision', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let events: StreamRecorder;
  let database: Client;
  const answers: StandIn[] = [];
  /** Names identity would answer for admin lists. */
  const names = new Map<string, { firstName: string; lastName: string; email: string }>();

  function answerAs(command: CommandDefinition, reply: StandInReply) {
    answers.push(answerCommand(client.connection, command, reply, { queue: 'identity' }));
  }

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('kyc_documents', {}, { platformSettings: 'answered-elsewhere' });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    answerAs(IdentityCommands.getAllSettings, () => ({ items: [] }));
    answerAs(IdentityCommands.lookupUsers, (payload) => ({
      users: (payload.userIds as string[]).flatMap((id) => (names.has(id) ? [{ id, ...names.get(id), userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'pending' }] : [])),
    }));
    answerAs(IdentityCommands.findUserIds, (payload) => {
      const q = String(payload.q ?? '').toLowerCase();
      return { userIds: [...names].filter(([, person]) => `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(q)).map(([id]) => id), nextAfterId: null };
    });
    await client.connection.flush();
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env: infrastructure.env });
    events = await StreamRecorder.open(client.connection, KYC_EVENTS_STREAM, 20_000);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await events?.close();
    answers.forEach((subscription) => subscription.unsubscribe());
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);

  async function newCustomer(firstName = 'Grace', lastName = 'Hopper'): Promise<Actor> {
    const person = customer();
    names.set(person.userId, { firstName, lastName, email: `${firstName.toLowerCase()}-${person.userId.slice(0, 6)}@example.test` });
    await database.query(`INSERT INTO kyc.kyc_profiles (user_id, kyc_status, version) VALUES ($1, 'pending', 1)`, [person.userId]);
    return person;
  }

  /** A file uploaded as the gateway does; purpose null uploads it with none. */
  async function upload(actor: Actor, content: Buffer, name: string, purpose: string | null = 'kyc:id'): Promise<StoredFile> {
    const uploadId = randomUUID();
    const parts = Math.max(1, Math.ceil(content.length / FILE_PART_BYTES));
    const sent = purpose ?? undefined;
    for (let index = 0; index < parts; index += 1) {
      await client.as(actor).sendWithAttachment(KycFileCommands.storePart, { uploadId, index, purpose: sent }, content.subarray(index * FILE_PART_BYTES, (index + 1) * FILE_PART_BYTES));
    }
    return client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts, name, purpose: sent });
  }

  it('takes an ID (PDF) and a tax document (PNG), lists both pending to their owner only, and announces each upload', async () => {
    const owner = await newCustomer();
    const id = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), 'passport.pdf')).id, documentType: 'id' });
    const tax = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, png(), 'tax.png', 'kyc:tax')).id, documentType: 'tax' });
    expect(id).toMatchObject({ documentType: 'id', status: 'pending', fileName: 'passport.pdf', mimeType: 'application/pdf', reviewNotes: null });
    expect(tax).toMatchObject({ documentType: 'tax', status: 'pending', mimeType: 'image/png' });
    const mine = await client.as(owner).send(KycDocumentCommands.listMine, {});
    expect(mine.items.map((document) => document.id).sort()).toEqual([id.id, tax.id].sort());
    expect((await client.as(customer()).send(KycDocumentCommands.listMine, {})).items).toEqual([]);
    const uploaded = await events.waitFor(KycEvents.documentUploaded, (payload) => payload.documentId === id.id);
    expect(uploaded.payload).toMatchObject({ userId: owner.userId, documentType: 'id' });
  });

  it('accepts a DOCX for KYC, refuses an executable renamed .pdf with the drop-zone message, and stores nothing', async () => {
    const owner = await newCustomer();
    expect((await upload(owner, docx(), 'partnership.docx', 'kyc:partnership')).mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const before = Number((await database.query('SELECT COUNT(*) AS n FROM kyc.files')).rows[0].n);
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(500)]);
    expect(await refusal(upload(owner, executable, 'id.pdf'))).toMatchObject({ statusCode: 400, message: KYC_FILE_TYPE_MESSAGE });
    expect(Number((await database.query('SELECT COUNT(*) AS n FROM kyc.files')).rows[0].n)).toBe(before);
  });

  it("refuses another person's file as 404, the same file twice, and documents from admins", async () => {
    const owner = await newCustomer();
    const file = await upload(owner, pdf(), 'id.pdf');
    expect(await refusal(client.as(customer()).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'id' }))).toMatchObject({ statusCode: 404 });
    await client.as(owner).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'id' });
    expect(await refusal(client.as(owner).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'tax' }))).toMatchObject({ statusCode: 409 });
    expect(await refusal(client.as(admin()).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'id' }))).toMatchObject({ statusCode: 403 });
    expect(await refusal(client.as(owner).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'passport' as never }))).toMatchObject({ statusCode: 400 });
  });

  it('takes only files uploaded for the Document Upload Center, and says so of a GIF profile photo, an application document, a biometric still or a file for nothing named', async () => {
    const owner = await newCustomer();
    const gif = sampleGif();
    const still = samplePng({ size: 608 });
    const others = [
      await upload(owner, gif, 'me.gif', 'profile_photo'),
      await upload(owner, pdf(), 'id.pdf', 'application:id_document'),
      await upload(owner, still, 'face.png', 'kyc:biometric'),
      await upload(owner, pdf(), 'id.pdf', null),
    ];
    expect(others[0].mimeType).toBe('image/gif');
    for (const file of others) {
      expect(await refusal(client.as(owner).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'id' }))).toMatchObject({ statusCode: 400, code: 'kyc_document_wrong_purpose', message: USER_MESSAGES.kyc_document_wrong_purpose });
    }
    // Someone else's file stays unknown: nothing is revealed.
    const stranger = await upload(await newCustomer(), pdf(), 'id.pdf', 'kyc:id');
    expect(await refusal(client.as(owner).send(KycDocumentCommands.submit, { fileId: stranger.id, documentType: 'id' }))).toMatchObject({ statusCode: 404, code: 'file_not_found' });
    expect((await client.as(owner).send(KycDocumentCommands.listMine, {})).items).toEqual([]);
  });

  it('answers the same file handed in twice at once with one document and a 409, never a 500', async () => {
    const owner = await newCustomer();
    for (let round = 0; round < 5; round += 1) {
      const file = await upload(owner, pdf(), `id-${round}.pdf`);
      const outcomes = await Promise.all([0, 1, 2].map(() => client.as(owner).send(KycDocumentCommands.submit, { fileId: file.id, documentType: 'id' }).then(() => 201, (error: ServiceCallError) => error.body.statusCode)));
      expect(outcomes.sort()).toEqual([201, 409, 409]);
    }
    expect((await client.as(owner).send(KycDocumentCommands.listMine, {})).items).toHaveLength(5);
  });

  it('lets an admin find documents by name or type, approve one and reject one with a note, once; each is announced and audited', async () => {
    const owner = await newCustomer('Katherine', 'Johnson');
    const id = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), 'id.pdf')).id, documentType: 'id' });
    const tax = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, png(), 'tax.png')).id, documentType: 'tax' });
    const reviewer = admin('moderator');
    const found = await client.as(reviewer).send(KycDocumentCommands.adminList, { q: 'katherine' });
    expect(found.items.map((document) => document.id).sort()).toEqual([id.id, tax.id].sort());
    expect(found.items[0]).toMatchObject({ userName: 'Katherine Johnson', userKycStatus: 'pending' });
    expect((await client.as(reviewer).send(KycDocumentCommands.adminList, { q: 'tax', userId: owner.userId })).items.map((document) => document.id)).toEqual([tax.id]);

    expect(await client.as(reviewer).send(KycDocumentCommands.review, { documentId: id.id, decision: 'approved' })).toMatchObject({ status: 'approved', reviewedBy: reviewer.userId });
    expect(await client.as(reviewer).send(KycDocumentCommands.review, { documentId: tax.id, decision: 'rejected', notes: ' Not from the current tax year ' })).toMatchObject({
      status: 'rejected',
      reviewNotes: 'Not from the current tax year',
    });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.review, { documentId: tax.id, decision: 'approved' }))).toMatchObject({ statusCode: 409 });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.review, { documentId: randomUUID(), decision: 'approved' }))).toMatchObject({ statusCode: 404 });

    const reviewed = await events.waitFor(KycEvents.documentReviewed, (payload) => payload.documentId === tax.id);
    expect(reviewed.payload).toEqual({ documentId: tax.id, userId: owner.userId, documentType: 'tax', decision: 'rejected', notes: 'Not from the current tax year' });
    const audit = await events.waitFor(KycEvents.auditRecorded, (payload) => payload.targetId === tax.id);
    expect(audit.payload).toMatchObject({ category: 'admin_action', actionType: 'kyc_document_rejected', actor: { userId: reviewer.userId } });
    const mine = await client.as(owner).send(KycDocumentCommands.listMine, {});
    expect(mine.items.find((document) => document.id === tax.id)).toMatchObject({ status: 'rejected', reviewNotes: 'Not from the current tax year' });

    const pending = await client.as(reviewer).send(KycDocumentCommands.adminList, { status: 'pending', userId: owner.userId });
    expect(pending.items).toEqual([]);
    expect(pending.counters.approved).toBeGreaterThanOrEqual(1);
  });

  it('pages the admin list beyond any cap, newest first, with the total of what matches', async () => {
    const owner = await newCustomer('Mary', 'Jackson');
    const submitted = [];
    for (let index = 0; index < 5; index += 1) {
      submitted.push(await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), `id-${index}.pdf`)).id, documentType: 'id' }));
    }
    const reviewer = admin('moderator');
    const pageAfter = (cursor?: string) => client.as(reviewer).send(KycDocumentCommands.adminList, { userId: owner.userId, limit: 2, cursor });
    const pages = [await pageAfter()];
    while (pages[pages.length - 1].nextCursor) pages.push(await pageAfter(pages[pages.length - 1].nextCursor ?? undefined));
    expect(pages.map((page) => [page.total, page.items.length, page.nextCursor === null])).toEqual([
      [5, 2, false],
      [5, 2, false],
      [5, 1, true],
    ]);
    expect(pages.flatMap((page) => page.items.map((document) => document.id))).toEqual(submitted.map((document) => document.id).reverse());
    // A cursor of a date that does not exist is the caller's mistake, never reaching PostgreSQL.
    const crafted = Buffer.from(`2024-02-30T00:00:00.000000Z|${owner.userId}`).toString('base64url');
    expect(await refusal(pageAfter(crafted))).toMatchObject({ statusCode: 400, code: 'cursor_invalid' });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.adminList, { limit: 101 }))).toMatchObject({ statusCode: 400 });
  });

  it('refuses admins without the kyc permission and customers', async () => {
    expect(await refusal(client.as(admin('support')).send(KycDocumentCommands.adminList, {}))).toMatchObject({ statusCode: 403 });
    expect(await refusal(client.as(customer()).send(KycDocumentCommands.decide, { userId: randomUUID(), decision: 'verified' }))).toMatchObject({ statusCode: 403 });
  });

  it('approves a pending KYC once, growing the version, and announces and audits it', async () => {
    const owner = await newCustomer();
    const reviewer = admin();
    expect(await client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'verified', notes: 'All documents in order' })).toEqual({
      userId: owner.userId,
      kycStatus: 'verified',
      version: 2,
    });
    const changed = await events.waitFor(KycEvents.statusChanged, (payload) => payload.userId === owner.userId && payload.version === 2);
    expect(changed.payload.kycStatus).toBe('verified');
    expect((await events.waitFor(KycEvents.auditRecorded, (payload) => payload.targetId === owner.userId)).payload).toMatchObject({ actionType: 'kyc_approved' });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected', reason: 'Changed my mind' }))).toMatchObject({ statusCode: 409 });
  });

  it('refuses a KYC rejection without a reason and changes nothing; with a reason it is rejected', async () => {
    const owner = await newCustomer();
    const reviewer = admin();
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected' }))).toMatchObject({ statusCode: 400 });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected', reason: '   ' }))).toMatchObject({
      statusCode: 400,
      message: 'Please provide a reason for rejecting KYC.',
    });
    expect((await database.query('SELECT kyc_status FROM kyc.kyc_profiles WHERE user_id = $1', [owner.userId])).rows).toEqual([{ kyc_status: 'pending' }]);
    await client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected', reason: 'ID is expired' });
    const changed = await events.waitFor(KycEvents.statusChanged, (payload) => payload.userId === owner.userId && payload.version === 2);
    expect(changed.payload).toMatchObject({ kycStatus: 'rejected', reason: 'ID is expired' });
  });

  it("decides the customer's pending document reviews with the KYC approval (spec 02 §4), each announced and audited as a review is; one already decided keeps its decision", async () => {
    const owner = await newCustomer();
    const reviewer = admin();
    const id = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), 'id.pdf')).id, documentType: 'id' });
    const tax = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, png(), 'tax.png', 'kyc:tax')).id, documentType: 'tax' });
    const partnership = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), 'deed.pdf', 'kyc:partnership')).id, documentType: 'partnership' });
    await client.as(admin('moderator')).send(KycDocumentCommands.review, { documentId: id.id, decision: 'rejected', notes: 'Blurred photo' });
    const bystander = await newCustomer();
    const theirs = await client.as(bystander).send(KycDocumentCommands.submit, { fileId: (await upload(bystander, pdf(), 'id.pdf')).id, documentType: 'id' });

    await client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'verified', notes: ' All documents in order ' });

    const byId = new Map((await client.as(owner).send(KycDocumentCommands.listMine, {})).items.map((document) => [document.id, document]));
    for (const document of [tax, partnership]) {
      expect(byId.get(document.id)).toMatchObject({ status: 'approved', reviewNotes: 'All documents in order', reviewedBy: reviewer.userId, reviewedAt: expect.any(String) });
    }
    expect(byId.get(id.id)).toMatchObject({ status: 'rejected', reviewNotes: 'Blurred photo' });
    expect((await client.as(bystander).send(KycDocumentCommands.listMine, {})).items).toEqual([expect.objectContaining({ id: theirs.id, status: 'pending' })]);

    const reviewed = await events.waitForCount(KycEvents.documentReviewed, (payload) => payload.userId === owner.userId, 3);
    expect(reviewed.map((event) => event.payload).filter((payload) => payload.documentId !== id.id).sort((a, b) => a.documentType.localeCompare(b.documentType))).toEqual([
      { documentId: partnership.id, userId: owner.userId, documentType: 'partnership', decision: 'approved', notes: 'All documents in order' },
      { documentId: tax.id, userId: owner.userId, documentType: 'tax', decision: 'approved', notes: 'All documents in order' },
    ]);
    const audits = await events.waitForCount(KycEvents.auditRecorded, (payload) => payload.targetId === tax.id || payload.targetId === partnership.id, 2);
    expect(audits.map((event) => event.payload)).toEqual([
      expect.objectContaining({ category: 'admin_action', actionType: 'kyc_document_approved', actor: { userId: reviewer.userId, email: null } }),
      expect.objectContaining({ category: 'admin_action', actionType: 'kyc_document_approved', actor: { userId: reviewer.userId, email: null } }),
    ]);
    // One event per document: nothing more arrives, none for the bystander.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events.all(KycEvents.documentReviewed, (payload) => payload.userId === owner.userId)).toHaveLength(3);
    expect(events.all(KycEvents.documentReviewed, (payload) => payload.userId === bystander.userId)).toEqual([]);
  });

  it("rejects the customer's pending document reviews with the KYC rejection and its reason; a refused rejection changes none", async () => {
    const owner = await newCustomer();
    const reviewer = admin();
    const id = await client.as(owner).send(KycDocumentCommands.submit, { fileId: (await upload(owner, pdf(), 'id.pdf')).id, documentType: 'id' });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected', reason: ' ' }))).toMatchObject({ statusCode: 400 });
    expect((await client.as(owner).send(KycDocumentCommands.listMine, {})).items).toEqual([expect.objectContaining({ id: id.id, status: 'pending', reviewNotes: null })]);

    await client.as(reviewer).send(KycDocumentCommands.decide, { userId: owner.userId, decision: 'rejected', reason: 'ID is expired' });
    expect((await client.as(owner).send(KycDocumentCommands.listMine, {})).items).toEqual([expect.objectContaining({ id: id.id, status: 'rejected', reviewNotes: 'ID is expired', reviewedBy: reviewer.userId })]);
    const reviewed = await events.waitFor(KycEvents.documentReviewed, (payload) => payload.documentId === id.id);
    expect(reviewed.payload).toEqual({ documentId: id.id, userId: owner.userId, documentType: 'id', decision: 'rejected', notes: 'ID is expired' });
    // Decided: the document's own Review is no longer offered.
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.review, { documentId: id.id, decision: 'approved' }))).toMatchObject({ statusCode: 409 });
  });

  it('sends a document request to a customer and refuses an empty message', async () => {
    const owner = await newCustomer();
    const reviewer = admin();
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.request, { userId: owner.userId, message: '  ' }))).toMatchObject({ statusCode: 400 });
    expect(await client.as(reviewer).send(KycDocumentCommands.request, { userId: owner.userId, message: 'Please upload a current utility bill.' })).toEqual({ sent: true });
    const requested = await events.waitFor(KycEvents.documentRequested, (payload) => payload.userId === owner.userId);
    expect(requested.payload).toMatchObject({ message: 'Please upload a current utility bill.', requestedBy: reviewer.userId });
    expect(await refusal(client.as(reviewer).send(KycDocumentCommands.request, { userId: randomUUID(), message: 'Hello' }))).toMatchObject({ statusCode: 404 });
  });
});
