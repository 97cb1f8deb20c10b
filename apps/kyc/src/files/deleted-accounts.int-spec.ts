import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, ApplicationsCommands, IDENTITY_EVENTS_STREAM, IdentityEvents, KycFileCommands, PROFILE_PHOTO_PURPOSE, ReferencedFiles, StoredFile } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { answerCommand, eventEnvelope, EventPublisher, samplePdf, samplePng, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient, StandIn } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const png = samplePng({ size: 608 });
const pdf = samplePdf();

/** An application as the applications service (played here) holds it: whose, whether still a draft, which files it refers to. */
interface PlayedApplication {
  userId: string;
  status: 'draft' | 'pending' | 'approved';
  fileIds: string[];
}

describe('a deleted account’s files', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let database: Client;
  const applications: PlayedApplication[] = [];
  /** What kyc asked the applications service. */
  const asked: { userId: string; fileIds: string[] }[] = [];
  let applicationsService: StandIn | null = null;

  /** Applications played over NATS: of the asked files, those its kept records (submitted applications, never drafts) refer to. */
  async function applicationsAnswer(): Promise<void> {
    applicationsService = answerCommand(client.connection, ApplicationsCommands.referencedFiles.subject, (payload): ReferencedFiles => {
      const request = payload as { userId: string; fileIds: string[] };
      asked.push(request);
      const kept = new Set(applications.filter((application) => application.userId === request.userId && application.status !== 'draft').flatMap((application) => application.fileIds));
      return { fileIds: request.fileIds.filter((id) => kept.has(id)) };
    });
    await client.connection.flush();
  }

  async function applicationsGone(): Promise<void> {
    applicationsService?.unsubscribe();
    applicationsService = null;
    await client.connection.flush();
  }

  beforeAll(async () => {
    // Quick retries, so a test can watch an event come back.
    infrastructure = await startTestInfrastructure('kyc_deleted_accounts', { EVENT_RETRY_DELAY_MS: '100', EVENT_MAX_ATTEMPTS: '30' });
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    identity = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
    await applicationsAnswer();
  });

  afterAll(async () => {
    await applicationsGone();
    await database?.end();
    await identity?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  async function upload(actor: Actor, content: Buffer, name: string, purpose?: string): Promise<StoredFile> {
    const uploadId = randomUUID();
    await client.as(actor).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 0, purpose }, content);
    return client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts: 1, name, purpose });
  }

  /** A file stored before upload purposes were checked, with a purpose no longer accepted. */
  async function legacyUpload(actor: Actor, content: Buffer, name: string, purpose: string): Promise<StoredFile> {
    const file = await upload(actor, content, name);
    await database.query('UPDATE kyc.files SET purpose = $2 WHERE id = $1', [file.id, purpose]);
    return { ...file, purpose };
  }

  const filesOf = async (ownerId: string) =>
    (await database.query('SELECT name FROM kyc.files WHERE owner_id = $1 ORDER BY name', [ownerId])).rows.map((row: { name: string }) => row.name);
  const partsOf = async (ownerId: string) => (await database.query('SELECT count(*)::int AS n FROM kyc.file_upload_parts WHERE owner_id = $1', [ownerId])).rows[0].n as number;

  /** A row that refers to the file, as a document handed in (before purposes were checked, any file could be) or a biometric step. */
  const handedIn = (ownerId: string, fileId: string) =>
    database.query(`INSERT INTO kyc.kyc_documents (id, user_id, document_type, file_id, status) VALUES ($1, $2, 'id', $3, 'pending')`, [randomUUID(), ownerId, fileId]);
  const takenAsStill = (ownerId: string, fileId: string) =>
    database.query(`INSERT INTO kyc.biometric_sessions (id, user_id, provider, status, steps) VALUES ($1, $2, 'built-in', 'pending', $3)`, [
      randomUUID(),
      ownerId,
      JSON.stringify([{ id: 'face', status: 'passed', failureReason: null, fileId }]),
    ]);

  /** A customer with every kind of file: what deletion keeps, what it erases. */
  async function customerWithFiles(person: Actor) {
    await upload(person, png, 'me.png', PROFILE_PHOTO_PURPOSE);
    await upload(person, pdf, 'notes.pdf');
    await upload(person, pdf, 'abandoned.pdf', 'kyc:tax');
    await handedIn(person.userId, (await upload(person, pdf, 'passport.pdf', 'kyc:id')).id);
    // Handed in with no purpose, as the server allowed before purposes were checked: still due diligence evidence.
    await handedIn(person.userId, (await legacyUpload(person, pdf, 'licence.pdf', 'legacy')).id);
    await takenAsStill(person.userId, (await upload(person, png, 'face.png', 'kyc:biometric')).id);
    const statement = await legacyUpload(person, pdf, 'bank-statement.pdf', 'application:bank_statement');
    // Attached before applications checked purposes: the submitted application still refers to it.
    const payslip = await upload(person, pdf, 'payslip.pdf');
    applications.push({ userId: person.userId, status: 'pending', fileIds: [statement.id, payslip.id] });
    // Uploaded for an application, then the form was left: nothing refers to it.
    await upload(person, pdf, 'never-attached.pdf', 'application:id_document');
    // Attached to a draft only, which the applications service erases with the account.
    applications.push({ userId: person.userId, status: 'draft', fileIds: [(await upload(person, pdf, 'draft-only.pdf', 'application:proof_of_address')).id] });
    // An upload never completed.
    await client.as(person).sendWithAttachment(KycFileCommands.storePart, { uploadId: randomUUID(), index: 0, purpose: PROFILE_PHOTO_PURPOSE }, png);
  }

  const everyFile = ['abandoned.pdf', 'bank-statement.pdf', 'draft-only.pdf', 'face.png', 'licence.pdf', 'me.png', 'never-attached.pdf', 'notes.pdf', 'passport.pdf', 'payslip.pdf'];
  /** Customer due diligence records (by law) and the documents of the applications the firm keeps. */
  const keptFiles = ['bank-statement.pdf', 'face.png', 'licence.pdf', 'passport.pdf', 'payslip.pdf'];

  it('erases the profile photo, loose uploads, application uploads no kept application refers to and unfinished uploads; keeps KYC records and submitted applications’ documents; once however often the event comes', async () => {
    const deleted = customer();
    const other = customer();
    await customerWithFiles(deleted);
    await upload(other, png, 'other.png', PROFILE_PHOTO_PURPOSE);
    const othersUpload = await upload(other, pdf, 'other-unattached.pdf', 'application:id_document');
    expect(await filesOf(deleted.userId)).toEqual(everyFile);
    expect(await partsOf(deleted.userId)).toBe(1);

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: deleted.userId });
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));

    expect(await filesOf(deleted.userId)).toEqual(keptFiles);
    expect(await partsOf(deleted.userId)).toBe(0);
    expect(await filesOf(other.userId)).toEqual(['other-unattached.pdf', 'other.png']);
    // Applications was asked about the deleted person's files only, and never about those KYC records keep anyway.
    const askedAbout = asked.filter((request) => request.userId === deleted.userId).flatMap((request) => request.fileIds);
    expect(askedAbout).toHaveLength(7);
    expect(askedAbout).not.toContain(othersUpload.id);

    // Deleted again (a second event for the same account): what is kept stays kept.
    await identity.waitUntilHandled(
      IDENTITY_EVENTS_STREAM,
      'kyc',
      await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null })),
    );
    expect(await filesOf(deleted.userId)).toEqual(keptFiles);
    expect(await filesOf(other.userId)).toEqual(['other-unattached.pdf', 'other.png']);
  });

  it('keeps no transaction (nor its pooled connection) open while it waits for the applications service', async () => {
    const deleted = customer();
    await customerWithFiles(deleted);
    await applicationsGone();
    // Applications answers, but slowly: the test looks at kyc's database while kyc waits.
    let questions = 0;
    /** kyc's transactions already open for a while, sampled while the question waits for its answer. */
    let heldTransactions: { state: string; query: string }[] | null = null;
    const slow = answerCommand(client.connection, ApplicationsCommands.referencedFiles, async (payload) => {
      questions++;
      // Long after any transaction begun for this event would have opened, and long before the answer.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const { rows } = await database.query(
        `SELECT state, query FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'portal-kyc' AND pid <> pg_backend_pid()
            AND xact_start IS NOT NULL AND xact_start < now() - interval '300 milliseconds'`,
      );
      heldTransactions = [...(heldTransactions ?? []), ...(rows as { state: string; query: string }[])];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const kept = new Set(applications.filter((application) => application.userId === payload.userId && application.status !== 'draft').flatMap((application) => application.fileIds));
      return { fileIds: (payload.fileIds as string[]).filter((fileId) => kept.has(fileId)) };
    });
    try {
      await client.connection.flush();
      await identity.waitUntilHandled(
        IDENTITY_EVENTS_STREAM,
        'kyc',
        await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null })),
        20_000,
      );
      expect(questions).toBeGreaterThanOrEqual(1);
      expect(heldTransactions).toEqual([]);
      // And the answer was used as before.
      expect(await filesOf(deleted.userId)).toEqual(keptFiles);
      expect(await partsOf(deleted.userId)).toBe(0);
    } finally {
      await slow.stop();
      await applicationsAnswer();
    }
  });

  it('erases nothing while the applications service cannot say which files its records refer to, and finishes when it can', async () => {
    const deleted = customer();
    await customerWithFiles(deleted);
    await applicationsGone();
    try {
      const seq = await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null }));
      // The event failed and came back at least once, and is still not acknowledged.
      const jsm = await client.connection.jetstreamManager();
      const deadline = Date.now() + 20_000;
      for (;;) {
        const info = await jsm.consumers.info(IDENTITY_EVENTS_STREAM.name, 'kyc');
        if (info.ack_floor.stream_seq >= seq) throw new Error('the event was handled without the applications service');
        if (info.num_redelivered >= 1) {
          expect(info.ack_floor.stream_seq).toBeLessThan(seq);
          break;
        }
        if (Date.now() > deadline) throw new Error('the event was never retried');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await filesOf(deleted.userId)).toEqual(everyFile);
      expect(await partsOf(deleted.userId)).toBe(1);

      await applicationsAnswer();
      await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', seq, 20_000);
      expect(await filesOf(deleted.userId)).toEqual(keptFiles);
      expect(await partsOf(deleted.userId)).toBe(0);
    } finally {
      if (!applicationsService) await applicationsAnswer();
    }
  });
});
