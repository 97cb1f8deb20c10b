import { Injectable } from '@nestjs/common';
import { IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { InvestmentApplication } from '../applications/application.entity';

/**
 * A deleted account (by its owner or by an administrator). Kept: the person's submitted
 * applications, whatever their status, and the investments approved ones became: the
 * firm's records of what was applied for and decided (their documents, held by kyc, stay
 * with them: kyc asks referencedFiles). Erased: the person's drafts, which were never
 * submitted, are a record of nothing and hold personal data (name, email, phone, company,
 * the form's answers); the files only a draft referred to are erased by kyc, which never
 * counts a draft as a reason to keep a file. Drafts are never announced, so nothing is
 * announced when they go. Deleting what is already gone changes nothing, so a repeat is
 * harmless.
 */
@Injectable()
export class DeletedAccountsHandlers {
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>): Promise<void> {
    await manager.delete(InvestmentApplication, { userId: payload.userId, status: 'draft' });
  }
}
