import { Injectable } from '@nestjs/common';
import { Clock } from '@portal/config';
import { AccountClosedEvent, AccountClosureEvents, IdentityEvents, UserDeletedEvent } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { lockForErasure, recordErasure } from '../erasure/erased-users';
import { Notification } from '../inbox/notification.entity';
import { Recipient } from '../inbox/recipient.entity';
import { NotificationPreference } from '../preferences/notification-preference.entity';
import { preferredLanguageOf } from '../preferences/notification-preferences';

/**
 * A deleted account. Its owner closing it: the confirmation email goes to the address it
 * had. Any deletion (by the owner or by an administrator): what is kept here about the
 * person is erased, and a tombstone (erased_users) keeps late events from writing it again.
 */
@Injectable()
export class AccountClosureHandlers {
  constructor(
    private readonly emailQueue: EmailQueue,
    private readonly clock: Clock,
  ) {}

  /**
   * Not skipped for an erased user: identity publishes account.closed before user.deleted,
   * and even if it came after (replayed from the dead letters), the confirmation of the
   * deletion is the one email still owed to the person. It names its own address.
   */
  @OnEvent(AccountClosureEvents.accountClosed)
  async accountClosed(payload: AccountClosedEvent, { event, manager }: EventContext<AccountClosedEvent>) {
    // Queued inside the event's transaction, keyed by the event (see IdentityEventsHandlers.queue).
    const language = await preferredLanguageOf(manager, payload.userId);
    await this.emailQueue.enqueue({ template: 'account-deleted', to: payload.email, params: { firstName: payload.firstName, closedAt: payload.closedAt }, eventId: event.id, requestId: event.requestId, language });
    await manager.delete(Recipient, { userId: payload.userId });
  }

  /**
   * Erases the person's in-app notifications (broadcast copies too: the broadcast itself is
   * the admin's record), their address and name, and their notification choices, and
   * leaves a tombstone of the user id in the same transaction: from then on no handler
   * writes a notification, address or choice for them or queues them an email (isErased).
   * Deleting what is already gone changes nothing and the tombstone is upserted, so a
   * repeat is harmless. The account-deleted confirmation names its own address and still
   * goes; other emails already queued for the person's current address are dropped by the
   * worker (SendEmailJob). The record of sent emails (email_deliveries) is the sending log,
   * kept for its retention period (NotificationRetention, 30 days).
   */
  @OnEvent(IdentityEvents.userDeleted)
  async userDeleted(payload: UserDeletedEvent, { manager }: EventContext<UserDeletedEvent>) {
    // First: writers for this user commit before the deletes below, so those see their rows.
    await lockForErasure(manager, payload.userId);
    await manager.delete(Notification, { userId: payload.userId });
    await manager.delete(Recipient, { userId: payload.userId });
    await manager.delete(NotificationPreference, { userId: payload.userId });
    await recordErasure(manager, payload.userId, this.clock.now());
  }
}
