import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { encryptSettingSecret, resolveSettingsSecretKey, ServiceEnvironment } from '@portal/config';
import {
  Actor,
  BIOMETRIC_CONFIG_SETTING,
  BIOMETRIC_NOT_AVAILABLE_MESSAGE,
  IDENTITY_EVENTS_STREAM,
  IdentityCommands,
  IdentityEvents,
  KYC_EVENTS_STREAM,
  KycEvents,
  KycFileCommands,
  KycVerificationCommands,
  StoredFile,
} from '@portal/contracts';
import { runService, ServiceCallError } from '@portal/messaging';
import { answerCommand, eventEnvelope, EventPublisher, sampleJpeg, samplePdf, startTestInfrastructure, stopService, StreamRecorder, StandIn, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
/** A camera still: a JPEG of enough bytes to be a photo. */
const still = () => sampleJpeg({ size: 4_004 });

describe('biometric verification through the provider adapter', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let events: StreamRecorder;
  let settingsAnswer: StandIn;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('kyc_verification', {}, { platformSettings: 'answered-elsewhere' });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    // Identity's settings: the biometric service is off, as seeded.
    settingsAnswer = answerCommand(client.connection, IdentityCommands.getAllSettings, () => ({ items: [{ key: BIOMETRIC_CONFIG_SETTING, value: { provider: null, apiKey: null, isEnabled: false }, version: 1 }] }), { queue: 'identity' });
    await client.connection.flush();
    identity = await EventPublisher.connect(infrastructure.nats.url);
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env: infrastructure.env });
    events = await StreamRecorder.open(client.connection, KYC_EVENTS_STREAM, 20_000);
  });

  afterAll(async () => {
    await events?.close();
    settingsAnswer?.unsubscribe();
    await identity?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);

  /** A still as the web app uploads it (purpose kyc:biometric), or a file uploaded for another purpose (null: none). */
  async function upload(actor: Actor, content: Buffer, purpose: string | null = 'kyc:biometric'): Promise<StoredFile> {
    const uploadId = randomUUID();
    const sent = purpose ?? undefined;
    await client.as(actor).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 0, purpose: sent }, content);
    return client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts: 1, name: 'capture.jpg', purpose: sent });
  }

  async function configure(value: unknown, version: number) {
    await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key: BIOMETRIC_CONFIG_SETTING, value, version, changedBy: null }));
  }

  async function availability(actor: Actor, expected: boolean) {
    for (let attempt = 0; attempt < 80; attempt += 1) {
      const config = await client.as(actor).send(KycVerificationCommands.config, {});
      if (config.available === expected) return config;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`biometric availability never became ${String(expected)}`);
  }

  it('is not available until an admin enables it with a known provider and a key', async () => {
    const person = customer();
    expect(await availability(person, false)).toEqual({ available: false, provider: null, latestSession: null });
    expect(await refusal(client.as(person).send(KycVerificationCommands.start, {}))).toMatchObject({ statusCode: 403, message: BIOMETRIC_NOT_AVAILABLE_MESSAGE });
    // Enabled without a key, or with a provider nobody built an adapter for: still not available.
    await configure({ provider: 'built-in', apiKey: '', isEnabled: true }, 2);
    await configure({ provider: 'acme-vision', apiKey: 'k', isEnabled: true }, 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await client.as(person).send(KycVerificationCommands.config, {})).available).toBe(false);
    await configure({ provider: 'built-in', apiKey: 'dev-key', isEnabled: true }, 4);
    expect(await availability(person, true)).toMatchObject({ available: true, provider: 'built-in' });
  });

  it('completes the three steps in order from camera stills; a refused camera fails a step that Retry completes', async () => {
    const person = customer();
    await availability(person, true);
    const session = await client.as(person).send(KycVerificationCommands.start, {});
    expect(session.steps.map((step) => [step.id, step.status])).toEqual([
      ['face-scan', 'pending'],
      ['id-verification', 'pending'],
      ['liveness-check', 'pending'],
    ]);
    const record = (step: 'face-scan' | 'id-verification' | 'liveness-check', body: { fileId?: string; outcome?: 'camera_unavailable' }) =>
      client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step, ...body });

    expect(await refusal(record('liveness-check', { fileId: (await upload(person, still())).id }))).toMatchObject({ statusCode: 409 });
    expect((await record('face-scan', { outcome: 'camera_unavailable' })).steps[0]).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('Camera') });
    expect((await record('face-scan', { fileId: (await upload(person, still())).id })).steps[0]).toMatchObject({ status: 'completed', failureReason: null });
    // A PDF is not a camera image: the built-in provider fails the step.
    const pdf = await upload(person, samplePdf({ size: 2_009 }));
    expect((await record('id-verification', { fileId: pdf.id })).steps[1]).toMatchObject({ status: 'failed' });
    await record('id-verification', { fileId: (await upload(person, still())).id });
    const done = await record('liveness-check', { fileId: (await upload(person, still())).id });
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const announced = await events.waitFor(KycEvents.biometricVerified, (payload) => payload.sessionId === session.id);
    expect(announced.payload).toEqual({ sessionId: session.id, userId: person.userId, provider: 'built-in' });
    expect((await client.as(person).send(KycVerificationCommands.config, {})).latestSession).toMatchObject({ id: session.id, status: 'completed' });

    // Another person's session or still does not exist for them.
    const stranger = customer();
    expect(await refusal(client.as(stranger).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', outcome: 'camera_unavailable' }))).toMatchObject({ statusCode: 404 });
    const theirs = await client.as(stranger).send(KycVerificationCommands.start, {});
    expect(await refusal(client.as(stranger).send(KycVerificationCommands.recordStep, { sessionId: theirs.id, step: 'face-scan', fileId: pdf.id }))).toMatchObject({ statusCode: 404 });
  });

  it("takes only stills uploaded for verification (purpose kyc:biometric): the customer's other files are refused as unknown ones and the step is unchanged", async () => {
    const person = customer();
    await availability(person, true);
    const session = await client.as(person).send(KycVerificationCommands.start, {});
    const others = [await upload(person, still(), 'kyc:id'), await upload(person, still(), 'application:id_document'), await upload(person, still(), 'profile_photo'), await upload(person, still(), null)];
    for (const file of others) {
      expect(await refusal(client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', fileId: file.id }))).toMatchObject({
        statusCode: 404,
        message: 'File not found',
        code: 'file_not_found',
      });
    }
    expect((await client.as(person).send(KycVerificationCommands.config, {})).latestSession).toMatchObject({ id: session.id, steps: [{ id: 'face-scan', status: 'pending' }, {}, {}] });
    expect((await client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', fileId: (await upload(person, still())).id })).steps[0]).toMatchObject({ status: 'completed' });
  });

  it('uses an API key identity stored encrypted, and refuses to start while kyc_verification is switched off', async () => {
    const person = customer();
    const key = resolveSettingsSecretKey({ nodeEnv: 'test', keysDir: infrastructure.env.JWT_KEYS_DIR });
    await configure({ provider: 'built-in', apiKey: encryptSettingSecret(key, 'dev-key'), isEnabled: true }, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await availability(person, true)).toMatchObject({ available: true, provider: 'built-in' });
    // A value encrypted with another key is not a usable key.
    await configure({ provider: 'built-in', apiKey: encryptSettingSecret(Buffer.alloc(32, 7), 'dev-key'), isEnabled: true }, 6);
    expect(await availability(person, false)).toMatchObject({ available: false });
    await configure({ provider: 'built-in', apiKey: encryptSettingSecret(key, 'dev-key'), isEnabled: true }, 7);
    await availability(person, true);

    const toggles = (kyc: boolean) => ({ investments_enabled: true, withdrawals_enabled: true, new_registrations: true, email_notifications: true, kyc_verification: kyc, crypto_payments: true, bank_transfers: true, sms_notifications: false });
    await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key: 'feature_toggles', value: toggles(false), version: 2, changedBy: null }));
    let refused = null;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      refused = await refusal(client.as(person).send(KycVerificationCommands.start, {}));
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused).toMatchObject({ statusCode: 409, message: 'KYC verification is currently disabled.' });
    await identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key: 'feature_toggles', value: toggles(true), version: 3, changedBy: null }));
    let started = null;
    for (let attempt = 0; attempt < 50 && !started; attempt += 1) {
      started = await client.as(person).send(KycVerificationCommands.start, {}).catch(() => null);
      if (!started) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toMatchObject({ status: 'in_progress' });
  });

  it('refuses every step of a session started before kyc_verification was switched off, with the same message, and changes nothing', async () => {
    const person = customer();
    await availability(person, true);
    const toggles = (kyc: boolean) => ({ investments_enabled: true, withdrawals_enabled: true, new_registrations: true, email_notifications: true, kyc_verification: kyc, crypto_payments: true, bank_transfers: true, sms_notifications: false });
    const switchTo = (kyc: boolean, version: number) =>
      identity.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key: 'feature_toggles', value: toggles(kyc), version, changedBy: null }));
    // Started while it is on (the previous test left it on).
    const session = await client.as(person).send(KycVerificationCommands.start, {});
    const faceScan = await upload(person, still());

    await switchTo(false, 4);
    let refused = null;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      refused = await refusal(client.as(person).send(KycVerificationCommands.start, {}));
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused).toMatchObject({ statusCode: 409, message: 'KYC verification is currently disabled.' });
    // A still and a refused camera alike: the step is not recorded.
    expect(await refusal(client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', fileId: faceScan.id }))).toEqual(refused);
    expect(await refusal(client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', outcome: 'camera_unavailable' }))).toEqual(refused);
    expect((await client.as(person).send(KycVerificationCommands.config, {})).latestSession).toMatchObject({ id: session.id, status: 'in_progress', steps: [{ id: 'face-scan', status: 'pending' }, {}, {}] });

    // Switched back on, the same session goes on.
    await switchTo(true, 5);
    let recorded = null;
    for (let attempt = 0; attempt < 50 && !recorded; attempt += 1) {
      recorded = await client.as(person).send(KycVerificationCommands.recordStep, { sessionId: session.id, step: 'face-scan', fileId: faceScan.id }).catch(() => null);
      if (!recorded) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recorded?.steps[0]).toMatchObject({ id: 'face-scan', status: 'completed' });
  });
});
