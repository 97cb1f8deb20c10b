import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, FILE_PART_BYTES, KycFileCommands, PROFILE_PHOTO_PURPOSE, PROFILE_PHOTO_TOO_LARGE_MESSAGE, PROFILE_PHOTO_TYPE_MESSAGE, StoredFile } from '@portal/contracts';
import { ServiceCallError } from '@portal/messaging';
import { sampleGif, sampleJpeg, samplePdf, samplePng, ServiceUnderTest, startServiceUnderTest } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const png = (size = 600) => samplePng({ size });
const gif = sampleGif();
const jpeg = sampleJpeg();
const pdf = samplePdf();

describe('profile photos stored by the kyc service', () => {
  let harness: ServiceUnderTest;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ label: 'kyc_profile_photo', service: 'kyc', module: (environment) => KycModule.register(environment) });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  /** As the gateway uploads: every part carries the purpose, then completion. */
  async function upload(actor: Actor, content: Buffer, name: string, purpose: string | undefined = PROFILE_PHOTO_PURPOSE): Promise<StoredFile> {
    const uploadId = randomUUID();
    const parts = Math.max(1, Math.ceil(content.length / FILE_PART_BYTES));
    for (let index = 0; index < parts; index += 1) {
      await harness.client.as(actor).sendWithAttachment(KycFileCommands.storePart, { uploadId, index, purpose }, content.subarray(index * FILE_PART_BYTES, (index + 1) * FILE_PART_BYTES));
    }
    return harness.client.as(actor).send(KycFileCommands.completeUpload, { uploadId, parts, name, purpose });
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: ServiceCallError) => error.body);
  const fileCount = async () => Number((await harness.database.query('SELECT COUNT(*) AS n FROM kyc.files')).rows[0].n);

  it('takes a JPG, PNG or GIF by content', async () => {
    const owner = customer();
    expect(await upload(owner, jpeg, 'me.jpg')).toMatchObject({ mimeType: 'image/jpeg', purpose: PROFILE_PHOTO_PURPOSE });
    expect(await upload(owner, png(), 'me.png')).toMatchObject({ mimeType: 'image/png' });
    expect(await upload(owner, gif, 'me.gif')).toMatchObject({ mimeType: 'image/gif' });
  });

  it('refuses a PDF renamed .png and a photo over 2 MB with the spec messages, storing nothing', async () => {
    const before = await fileCount();
    expect(await refusal(upload(customer(), pdf, 'me.png'))).toMatchObject({ statusCode: 400, message: PROFILE_PHOTO_TYPE_MESSAGE });
    expect(await refusal(upload(customer(), png(3 * 1024 * 1024), 'big.png'))).toMatchObject({ statusCode: 400, message: PROFILE_PHOTO_TOO_LARGE_MESSAGE });
    // Completion checks the whole again, even when the parts came without the purpose.
    const sneaky = customer();
    const uploadId = randomUUID();
    await harness.client.as(sneaky).sendWithAttachment(KycFileCommands.storePart, { uploadId, index: 0 }, pdf);
    expect(await refusal(harness.client.as(sneaky).send(KycFileCommands.completeUpload, { uploadId, parts: 1, name: 'me.png', purpose: PROFILE_PHOTO_PURPOSE }))).toMatchObject({
      statusCode: 400,
      message: PROFILE_PHOTO_TYPE_MESSAGE,
    });
    expect(await fileCount()).toBe(before);
  });

  it('keeps the rules of other files: a GIF is not a document', async () => {
    expect(await refusal(upload(customer(), gif, 'scan.gif', 'application:id_document'))).toMatchObject({ statusCode: 400 });
  });
});
