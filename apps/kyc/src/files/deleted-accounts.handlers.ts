import { Injectable } from '@nestjs/common';
import { ApplicationsCommands, IdentityEvents, REFERENCED_FILES_BATCH, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent, ServiceClient } from '@portal/messaging';
import { KycDocument } from '../documents/kyc-document.entity';
import { BiometricSession } from '../verification/biometric-session.entity';
import { FileUploadPart, StoredFileRecord } from './stored-file.entity';

/**
 * A deleted account (by its owner or by an administrator). Kept: what customer due
 * diligence requires keeping (KYC documents and their files, document requests, biometric
 * sessions and their stills, the KYC status), and the files the applications the
 * applications service keeps refer to (the person's submitted applications, whatever
 * their status; applications erases drafts on the same event, and a draft's files are
 * never kept for it). Which files are kept is decided by what refers to them, not by their
 * purpose alone: before purposes were checked, a document could be handed in, and an
 * application document attached, with any file. Erased: every other file the person
 * uploaded (the profile photo, which identity has already forgotten, KYC uploads never
 * handed in, application uploads never attached to a submitted application) and parts of
 * uploads never completed.
 *
 * kyc asks the applications service (ApplicationsCommands.referencedFiles) about the
 * files nothing here keeps. If it cannot answer, the handler fails and nothing is erased:
 * the event comes back after the consumer's back-off (and is dead-lettered for an operator
 * to replay if applications stays away). Its answer does not depend on whether
 * applications has handled the same event yet, since drafts never count. Deleting what is
 * already gone changes nothing, so a repeat is harmless.
 */
@Injectable()
export class DeletedAccountFilesHandlers {
  constructor(private readonly services: ServiceClient) {}

  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    const owner = payload.userId;
    const documents = manager.getRepository(KycDocument).metadata.tablePath;
    const sessions = manager.getRepository(BiometricSession).metadata.tablePath;
    /** No KYC document or biometric step refers to the file (`id`, its id column). */
    const notKeptForKyc = (id: string) =>
      `${id} NOT IN (SELECT file_id FROM ${documents} WHERE user_id = :owner) AND ${id} NOT IN (SELECT (step->>'fileId')::uuid FROM ${sessions} session, jsonb_array_elements(session.steps) step WHERE session.user_id = :owner AND step->>'fileId' IS NOT NULL)`;
    const candidates = await manager
      .createQueryBuilder(StoredFileRecord, 'file')
      .select('file.id', 'id')
      .where('file.ownerId = :owner', { owner })
      .andWhere(notKeptForKyc('file.id'))
      .orderBy('file.id')
      .getRawMany<{ id: string }>();
    const erase = await this.notReferencedByApplications(owner, candidates.map(({ id }) => id));
    if (erase.length > 0) {
      // KYC references are checked again as the rows go: a file handed in meanwhile stays.
      await manager
        .createQueryBuilder()
        .delete()
        .from(StoredFileRecord)
        .where('owner_id = :owner', { owner })
        .andWhere('id = ANY(:erase)', { erase })
        .andWhere(notKeptForKyc('id'))
        .execute();
    }
    await manager.delete(FileUploadPart, { ownerId: owner });
  }

  /** Of these files, those no application the applications service keeps refers to; throws (nothing erased, the event retried) when it does not answer. */
  private async notReferencedByApplications(userId: string, fileIds: string[]): Promise<string[]> {
    const referenced = new Set<string>();
    for (let start = 0; start < fileIds.length; start += REFERENCED_FILES_BATCH) {
      const { fileIds: kept } = await this.services.send(ApplicationsCommands.referencedFiles, { userId, fileIds: fileIds.slice(start, start + REFERENCED_FILES_BATCH) });
      kept.forEach((id) => referenced.add(id));
    }
    return fileIds.filter((id) => !referenced.has(id));
  }
}
