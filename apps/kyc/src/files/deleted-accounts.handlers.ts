import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApplicationsCommands, IdentityEvents, REFERENCED_FILES_BATCH, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent, ServiceClient } from '@portal/messaging';
import { KycDocument } from '../documents/kyc-document.entity';
import { BiometricSession } from '../verification/biometric-session.entity';
import { FileStore } from './storage/file-store';
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
 *
 * The question is asked in the consumer's prepare step, before the transaction opens: a
 * transaction (its pooled connection, its locks) held while applications takes up to the
 * NATS request timeout to answer, or never does, would drain kyc's pool under load. The
 * erasure and the processed-event record then commit together in the transaction, as
 * before. What may change between the answer and the erasure:
 * - a KYC document or biometric step may come to refer to a file: checked again as the
 *   rows go (notKeptForKyc in the DELETE), so such a file stays;
 * - a file uploaded after the question is not among those to erase, and stays (as a file
 *   uploaded during the question always did; a deleted account cannot upload anyway);
 * - a submitted application cannot come to refer to a file of a deleted account: submitting
 *   needs the customer's session, which the gateway refuses once the account is deleted,
 *   and the customer's account, which identity no longer finds (applications asks
 *   getCurrentUser on every submission); a submitted application's documents never change,
 *   and a draft's never count. A submission that passed those checks just before the
 *   deletion and commits after applications answered is the one case left, and it was the
 *   same when the transaction stayed open during the question: kyc's transaction never
 *   locked anything in applications' database, so keeping it open protected nothing.
 *
 * Bytes in the bucket (STORAGE_DRIVER=s3) are deleted as the rows go, before the
 * transaction commits: if an object cannot be deleted, nothing is erased and the event
 * comes back; if the commit fails after, the retry erases the rows whose objects are gone.
 */
@Injectable()
export class DeletedAccountFilesHandlers {
  constructor(
    private readonly services: ServiceClient,
    private readonly store: FileStore,
  ) {}

  @OnEvent(IdentityEvents.userDeleted, { prepare: (handlers: DeletedAccountFilesHandlers, payload, { manager }) => handlers.filesToErase(payload.userId, manager) })
  async userDeleted(payload: UserDeletedEvent, { manager, prepared: erase }: EventContext<UserDeletedEvent, string[]>): Promise<void> {
    const owner = payload.userId;
    if (erase.length > 0) {
      // KYC references are checked again as the rows go: a file handed in meanwhile stays.
      const erased = await manager
        .createQueryBuilder()
        .delete()
        .from(StoredFileRecord)
        .where('owner_id = :owner', { owner })
        .andWhere('id = ANY(:erase)', { erase })
        .andWhere(notKeptForKyc(manager, 'id'))
        .returning('"id", "storage", "storage_key"')
        .execute();
      await this.store.delete((erased.raw as { id: string; storage: 'postgres' | 's3'; storage_key: string | null }[]).map((row) => ({ id: row.id, storage: row.storage, storageKey: row.storage_key })));
    }
    await manager.delete(FileUploadPart, { ownerId: owner });
  }

  /**
   * The prepare step, outside any transaction: the person's files nothing here keeps and no
   * application the applications service keeps refers to. Throws (nothing erased, the event
   * retried) when applications does not answer.
   */
  private async filesToErase(owner: string, database: EntityManager): Promise<string[]> {
    const candidates = await database
      .createQueryBuilder(StoredFileRecord, 'file')
      .select('file.id', 'id')
      .where('file.ownerId = :owner', { owner })
      .andWhere(notKeptForKyc(database, 'file.id'))
      .orderBy('file.id')
      .getRawMany<{ id: string }>();
    return this.notReferencedByApplications(owner, candidates.map(({ id }) => id));
  }

  /** Of these files, those no application the applications service keeps refers to; throws when it does not answer. */
  private async notReferencedByApplications(userId: string, fileIds: string[]): Promise<string[]> {
    const referenced = new Set<string>();
    for (let start = 0; start < fileIds.length; start += REFERENCED_FILES_BATCH) {
      const { fileIds: kept } = await this.services.send(ApplicationsCommands.referencedFiles, { userId, fileIds: fileIds.slice(start, start + REFERENCED_FILES_BATCH) });
      kept.forEach((id) => referenced.add(id));
    }
    return fileIds.filter((id) => !referenced.has(id));
  }
}

/** No KYC document or biometric step of the owner (the `:owner` parameter) refers to the file (`id`, its id column). */
function notKeptForKyc(manager: EntityManager, id: string): string {
  const documents = manager.getRepository(KycDocument).metadata.tablePath;
  const sessions = manager.getRepository(BiometricSession).metadata.tablePath;
  return `${id} NOT IN (SELECT file_id FROM ${documents} WHERE user_id = :owner) AND ${id} NOT IN (SELECT (step->>'fileId')::uuid FROM ${sessions} session, jsonb_array_elements(session.steps) step WHERE session.user_id = :owner AND step->>'fileId' IS NOT NULL)`;
}
