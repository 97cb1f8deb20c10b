import { Injectable } from '@nestjs/common';
import { ReferencedFiles } from '@portal/contracts';
import { ApplicationsRepository } from '../applications.repository';

/**
 * Of these files of a person, those the records kept after the person's account is
 * deleted refer to: their submitted applications, whatever their status. A draft is
 * never counted, so the answer is the same before and after the drafts are erased on
 * identity's user-deleted event, whichever service handles it first. Internal: kyc asks.
 */
@Injectable()
export class FindReferencedFiles {
  constructor(private readonly applications: ApplicationsRepository) {}

  async execute(userId: string, fileIds: string[]): Promise<ReferencedFiles> {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return { fileIds: [] };
    const referenced = await this.applications.fileIdsReferenced(userId, ids);
    return { fileIds: ids.filter((id) => referenced.has(id)) };
  }
}
