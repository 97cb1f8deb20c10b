import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { Actor, ApplicationInput, ApplicationsCommands, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, KycFileCommands, ServiceRequest, StoredFile, CommandDefinition } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { answerCommand, eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient, StandIn } from '@portal/testing';
import { ApplicationsModule } from '../applications.module';

jest.setTimeout(60_000);


const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() };

const personal = (documentIds: string[], overrides: Partial<ApplicationInput> = {}): ApplicationInput => ({
  applicationType: 'personal',
  fullName: 'Ada Lovelace',
  phone: '+44 20 7946 0000',
  investmentAmount: '1500.00',
  investmentDuration: 12,
  applicationData: { address: '1 Analytical Way', employment: 'Mathematician', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
  documentIds,
  ...overrides,
});

describe('a deleted account’s applications', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let database: Client;
  /** Files kyc holds (kyc is played here): it tells which of them the caller owns. */
  const files = new Map<string, StoredFile & { ownerId: string }>();
  const standIns: StandIn[] = [];

  /** Identity and kyc played by NATS responders, answering for the caller. */
  function answerAs(command: CommandDefinition, reply: (request: ServiceRequest<Record<string, unknown>>) => unknown) {
    standIns.push(answerCommand(client.connection, command, (_payload, request) => reply(request)));
  }

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('applications_deleted_accounts');
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    answerAs(IdentityCommands.getCurrentUser, (request) => ({ id: request.meta.actor?.userId, email: 'account@example.test', firstName: 'Account', lastName: 'Holder' }));
    answerAs(KycFileCommands.ownedFiles, (request) => ({
      files: (request.payload.fileIds as string[]).flatMap((id) => {
        const file = files.get(id);
        return file && file.ownerId === request.meta.actor?.userId ? [file] : [];
      }),
    }));
    await client.connection.flush();
    identity = await EventPublisher.connect(infrastructure.nats.url);
    service = await runService({ service: 'applications', environment: ServiceEnvironment, module: (environment) => ApplicationsModule.register(environment), env: infrastructure.env });
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    standIns.forEach((standIn) => standIn.unsubscribe());
    await identity?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  function uploaded(owner: Actor, purpose = 'application:id_document'): string {
    const file = { id: randomUUID(), ownerId: owner.userId, name: 'document.pdf', size: 14, mimeType: 'application/pdf', purpose, createdAt: new Date().toISOString() };
    files.set(file.id, file);
    return file.id;
  }

  const applicationsOf = async (userId: string) =>
    (await database.query('SELECT status, full_name AS "fullName", phone FROM applications.applications WHERE user_id = $1 ORDER BY status, created_at', [userId])).rows as {
      status: string;
      fullName: string | null;
      phone: string | null;
    }[];
  const referenced = async (userId: string, fileIds: string[]) => (await client.send(ApplicationsCommands.referencedFiles, { userId, fileIds })).fileIds.sort();

  it('erases the drafts and keeps the submitted applications, whatever their status, once however often the event comes, and nobody else’s', async () => {
    const deleted = customer();
    const other = customer();
    const [pending, approved, draftOnly, inBoth, neverAttached] = [uploaded(deleted), uploaded(deleted), uploaded(deleted), uploaded(deleted), uploaded(deleted)];
    await client.as(deleted).send(ApplicationsCommands.submit, personal([pending, inBoth]));
    const toApprove = await client.as(deleted).send(ApplicationsCommands.submit, personal([approved], { applicationType: 'personal', investmentAmount: '2500.00' }));
    await client.as(admin).send(ApplicationsCommands.review, { applicationId: toApprove.id, decision: 'approved' });
    await client.as(deleted).send(ApplicationsCommands.submit, { applicationType: 'corporate', companyName: 'Lovelace Ltd', phone: '+44 20 7946 0001', documentIds: [draftOnly, inBoth], draft: true });
    await client.as(deleted).send(ApplicationsCommands.submit, { applicationType: 'personal', fullName: 'Ada Lovelace', draft: true });
    const othersFile = uploaded(other);
    await client.as(other).send(ApplicationsCommands.submit, { applicationType: 'personal', fullName: 'Someone Else', documentIds: [othersFile], draft: true });
    await client.as(other).send(ApplicationsCommands.submit, personal([uploaded(other)], { fullName: 'Someone Else' }));
    expect((await applicationsOf(deleted.userId)).map((row) => row.status)).toEqual(['approved', 'draft', 'draft', 'pending']);

    // Which files the kept records refer to: never a draft's, so the same before and after the drafts go.
    const asked = [pending, approved, draftOnly, inBoth, neverAttached, othersFile];
    const kept = [pending, approved, inBoth].sort();
    expect(await referenced(deleted.userId, asked)).toEqual(kept);

    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: deleted.userId });
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'applications', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));

    expect(await applicationsOf(deleted.userId)).toEqual([
      { status: 'approved', fullName: 'Ada Lovelace', phone: '+44 20 7946 0000' },
      { status: 'pending', fullName: 'Ada Lovelace', phone: '+44 20 7946 0000' },
    ]);
    expect(Number((await database.query('SELECT count(*) FROM applications.investments WHERE user_id = $1', [deleted.userId])).rows[0].count)).toBe(1);
    expect(await referenced(deleted.userId, asked)).toEqual(kept);
    expect((await applicationsOf(other.userId)).map((row) => row.status)).toEqual(['draft', 'pending']);

    // Deleted again (a second event for the same account): nothing more goes.
    await identity.waitUntilHandled(
      IDENTITY_EVENTS_STREAM,
      'applications',
      await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: null })),
    );
    expect((await applicationsOf(deleted.userId)).map((row) => row.status)).toEqual(['approved', 'pending']);
    expect(await referenced(deleted.userId, asked)).toEqual(kept);
    expect((await applicationsOf(other.userId)).map((row) => row.status)).toEqual(['draft', 'pending']);
  });

  it('answers which files only for the named person’s applications, and refuses malformed requests', async () => {
    const owner = customer();
    const file = uploaded(owner);
    await client.as(owner).send(ApplicationsCommands.submit, personal([file]));
    expect(await referenced(owner.userId, [file, randomUUID()])).toEqual([file]);
    expect(await referenced(customer().userId, [file])).toEqual([]);
    expect(await referenced(owner.userId, [])).toEqual([]);
    await expect(client.sendUnchecked(ApplicationsCommands.referencedFiles, { userId: owner.userId, fileIds: ['not-a-uuid'] })).rejects.toMatchObject({ body: { statusCode: 400 } });
    await expect(client.sendUnchecked(ApplicationsCommands.referencedFiles, { fileIds: [file] })).rejects.toMatchObject({ body: { statusCode: 400 } });
  });
});
