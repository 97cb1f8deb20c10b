import { Injectable } from '@nestjs/common';
import { AccountClosedEvent, AccountClosureEvents } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { Recipient } from '../inbox/recipient.entity';
import { preferredLanguageOf } from '../preferences/notification-preferences';

/** A customer deleted their account: the confirmation email goes to the address it had, and the address kept here is forgotten. */
@Injectable()
export class AccountClosureHandlers {
  constructor(private readonly emailQueue: EmailQueue) {}

  @OnEvent(AccountClosureEvents.accountClosed)
  async accountClosed(payload: AccountClosedEvent, { event, manager }: EventContext<AccountClosedEvent>) {
    // Queued inside the event's transaction, keyed by the event (see IdentityEventsHandlers.queue).
    const language = await preferredLanguageOf(manager, payload.userId);
    await this.emailQueue.enqueue({ template: 'account-deleted', to: payload.email, params: { firstName: payload.firstName, closedAt: payload.closedAt }, eventId: event.id, requestId: event.requestId, language });
    await manager.delete(Recipient, { userId: payload.userId });
  }
}
