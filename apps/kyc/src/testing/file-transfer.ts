import { randomUUID } from 'node:crypto';
import { Actor, FILE_PART_BYTES, KycFileCommands, StoredFile } from '@portal/contracts';
import type { TestServiceClient } from '@portal/testing';

/** Moves a file in and out of kyc as the gateway does: 512 KiB parts, then completion; parts read back. */
export function fileTransfer(client: () => TestServiceClient) {
  return {
    async upload(actor: Actor, content: Buffer, name = 'passport.pdf', purpose?: string): Promise<StoredFile> {
      const uploadId = randomUUID();
      const parts = Math.max(1, Math.ceil(content.length / FILE_PART_BYTES));
      for (let index = 0; index < parts; index += 1) {
        await client().as(actor).sendWithAttachment(KycFileCommands.storePart, { uploadId, index, purpose }, content.subarray(index * FILE_PART_BYTES, (index + 1) * FILE_PART_BYTES));
      }
      return client().as(actor).send(KycFileCommands.completeUpload, { uploadId, parts, name, purpose });
    },
    async download(actor: Actor, fileId: string): Promise<Buffer> {
      const file = await client().as(actor).send(KycFileCommands.describe, { fileId });
      const parts: Buffer[] = [];
      for (let index = 0; index < file.parts; index += 1) parts.push(await client().as(actor).send(KycFileCommands.readPart, { fileId, index }));
      return Buffer.concat(parts);
    },
  };
}
