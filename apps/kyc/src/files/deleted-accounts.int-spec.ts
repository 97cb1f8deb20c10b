import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, IDENTITY_EVENTS_STREAM, IdentityEvents, KycFileCommands, PROFILE_PHOTO_PURPOSE, StoredFile } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x41)]);

describe('a deleted account’s files', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('kyc_deleted_accounts');
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
    identity = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await identity?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  async function upload(actor: Actor, content: Buffer, name: string, purpose?: string): Promise<StoredFile> {
    const uploadId = randomUUID();
    await client.as(actor).send(KycFileCommands.storePart, { uploadId, index: 0, purpose, data: content.toString('base64') });
    return client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts: 1, name, purpose });
  }

  const filesOf = async (ownerId: string) =>
    (await database.query('SELECT purpose FROM kyc.files WHERE owner_id = $1 ORDER BY purpose NULLS FIRST', [ownerId])).rows.map((row: { purpose: string | null }) => row.purpose);
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

  it('erases the profile photo, uploads never handed in and unfinished uploads; keeps what KYC records refer to and application uploads; once however often the event comes', async () => {
    const deleted = customer();
    const other = customer();
    await upload(deleted, png, 'me.png', PROFILE_PHOTO_PURPOSE);
    await upload(deleted, pdf, 'notes.pdf');
    await upload(deleted, pdf, 'abandoned.pdf', 'kyc:tax');
    await handedIn(deleted.userId, (await upload(deleted, pdf, 'passport.pdf', 'kyc:id')).id);
    // Handed in with no purpose, as the server allowed before purposes were checked: still due diligence evidence.
    await handedIn(deleted.userId, (await upload(deleted, pdf, 'licence.pdf', 'legacy')).id);
    await takenAsStill(deleted.userId, (await upload(deleted, png, 'face.png', 'kyc:biometric')).id);
    await upload(deleted, pdf, 'bank-statement.pdf', 'application:bank_statement');
    // An upload never completed.
    await client.as(deleted).send(KycFileCommands.storePart, { uploadId: randomUUID(), index: 0, purpose: PROFILE_PHOTO_PURPOSE, data: png.toString('base64') });
    await upload(other, png, 'other.png', PROFILE_PHOTO_PURPOSE);
    expect(await filesOf(deleted.userId)).toEqual([null, 'application:bank_statement', 'kyc:biometric', 'kyc:id', 'kyc:tax', 'legacy', PROFILE_PHOTO_PURPOSE]);
    expect(await partsOf(deleted.userId)).toBe(1);

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: deleted.userId });
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));

    // Customer due diligence records and application documents stay, by law.
    expect(await filesOf(deleted.userId)).toEqual(['application:bank_statement', 'kyc:biometric', 'kyc:id', 'legacy']);
    expect(await partsOf(deleted.userId)).toBe(0);
    expect(await filesOf(other.userId)).toEqual([PROFILE_PHOTO_PURPOSE]);
  });
});
