import { Injectable } from '@nestjs/common';
import { APPLICATION_FILE_PURPOSE_PREFIX, IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { KycDocument } from '../documents/kyc-document.entity';
import { BiometricSession } from '../verification/biometric-session.entity';
import { FileUploadPart, StoredFileRecord } from './stored-file.entity';

/**
 * A deleted account (by its owner or by an administrator). Kept: what customer due
 * diligence requires keeping (KYC documents and their files, document requests, biometric
 * sessions and their stills, the KYC status) and the files uploaded for investment
 * applications, whose records the applications service keeps (kyc cannot tell which of
 * them were attached). Which files are kept is decided by what refers to them, not by their
 * purpose alone: before purposes were checked, a document could be handed in with any
 * file. Erased: every other file the person uploaded (the profile photo, which identity has
 * already forgotten, KYC uploads never handed in) and parts of uploads never completed.
 * Deleting what is already gone changes nothing, so a repeat is harmless.
 */
@Injectable()
export class DeletedAccountFilesHandlers {
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    const documents = manager.getRepository(KycDocument).metadata.tablePath;
    const sessions = manager.getRepository(BiometricSession).metadata.tablePath;
    await manager
      .createQueryBuilder()
      .delete()
      .from(StoredFileRecord)
      .where('owner_id = :owner', { owner: payload.userId })
      .andWhere('(purpose IS NULL OR purpose NOT LIKE :application)', { application: `${APPLICATION_FILE_PURPOSE_PREFIX}%` })
      .andWhere(`id NOT IN (SELECT file_id FROM ${documents} WHERE user_id = :owner)`)
      .andWhere(`id NOT IN (SELECT (step->>'fileId')::uuid FROM ${sessions} session, jsonb_array_elements(session.steps) step WHERE session.user_id = :owner AND step->>'fileId' IS NOT NULL)`)
      .execute();
    await manager.delete(FileUploadPart, { ownerId: payload.userId });
  }
}
