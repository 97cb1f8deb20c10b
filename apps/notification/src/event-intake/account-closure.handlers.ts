import { Injectable } from '@nestjs/common';
import { AccountClosedEvent, AccountClosureEvents, IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { Notification } from '../inbox/notification.entity';
import { Recipient } from '../inbox/recipient.entity';
import { NotificationPreference } from '../preferences/notification-preference.entity';
import { preferredLanguageOf } from '../preferences/notification-preferences';

/**
 * A deleted account. Its owner closing it: the confirmation email goes to the address it
 * had. Any deletion (by the owner or by an administrator): what is kept here about the
 * person is erased.
 */
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

  /**
   * Erases the person's in-app notifications (broadcast copies too: the broadcast itself is
   * the admin's record), their address and name, and their notification choices. Deleting
   * what is already gone changes nothing, so a repeat is harmless. Emails already queued
   * (the account-deleted confirmation among them) carry their own address and still go;
   * the record of sent emails (email_deliveries) is the sending log, kept for its
   * retention period (EmailDeliveryRetention, 30 days).
   */
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>) {
    await manager.delete(Notification, { userId: payload.userId });
    await manager.delete(Recipient, { userId: payload.userId });
    await manager.delete(NotificationPreference, { userId: payload.userId });
  }
}
