import { Injectable } from '@nestjs/common';
import { APPLICATION_FILE_PURPOSE_PREFIX, IdentityEvents, KYC_FILE_PURPOSE_PREFIX, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { FileUploadPart, StoredFileRecord } from './stored-file.entity';

/**
 * A deleted account (by its owner or by an administrator). Kept: what customer due
 * diligence requires keeping (KYC documents and their files, document requests, biometric
 * sessions and their stills, the KYC status) and the files of investment applications,
 * whose records the applications service keeps. Erased: every other file the person
 * uploaded (the profile photo, which identity has already forgotten, and any file for no
 * kept purpose) and parts of uploads never completed. Deleting what is already gone changes
 * nothing, so a repeat is harmless.
 */
@Injectable()
export class DeletedAccountFilesHandlers {
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(StoredFileRecord)
      .where('owner_id = :owner', { owner: payload.userId })
      .andWhere('(purpose IS NULL OR (purpose NOT LIKE :kyc AND purpose NOT LIKE :application))', { kyc: `${KYC_FILE_PURPOSE_PREFIX}%`, application: `${APPLICATION_FILE_PURPOSE_PREFIX}%` })
      .execute();
    await manager.delete(FileUploadPart, { ownerId: payload.userId });
  }
}
