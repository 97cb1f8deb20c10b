import { EntityManager } from 'typeorm';
import { EventEnvelope, Language } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { PlatformSettings } from '@portal/messaging';
import { EmailRequest } from '../email/email-job';
import { EmailQueue } from '../email/email-queue';
import { isErased } from '../erasure/erased-users';
import { Inbox } from '../inbox/inbox';
import { Recipient } from '../inbox/recipient.entity';
import { NotificationEnvironment } from '../notification-environment';
import { addresseeOf } from '../preferences/notification-preferences';
import { Content } from './notifications/content';

function page(webUrl: string, path: string): string {
  return `${webUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The notifications (and emails) other services' events ask for. Each method runs once
 * per event inside the transaction that records it handled; the notification row is
 * unique per event and user as well, and an email's job id is derived from the event.
 */
export abstract class DomainEventIntake {
  constructor(
    protected readonly inbox: Inbox,
    protected readonly emailQueue: EmailQueue,
    protected readonly environment: NotificationEnvironment,
    protected readonly logger: Logger,
    protected readonly settings: PlatformSettings,
  ) {}

  /** The email_notifications feature toggle (System Settings): off, activity emails are not sent; in-app notifications still are. */
  protected emailsEnabled(): boolean {
    return this.settings.get<Record<string, boolean>>('feature_toggles')?.email_notifications !== false;
  }

  /**
   * Nothing when the user switched off the event's group (Account Settings, Notifications)
   * or their account was deleted (Inbox.deliver); otherwise written in the user's language
   * as it is now, like their emails.
   */
  protected async notify(manager: EntityManager, event: EventEnvelope<{ userId: string }>, build: (language: Language) => Content): Promise<void> {
    const addressee = await addresseeOf(manager, event.payload.userId);
    if (!addressee.wants(event.subject)) return;
    await this.inbox.deliver(manager, { ...build(addressee.language), userId: event.payload.userId, sourceEventId: event.id });
  }

  /** Emails the user when identity told us their address; otherwise the in-app notification has to do. */
  protected async email(manager: EntityManager, event: EventEnvelope<{ userId: string }>, build: (recipient: Recipient) => EmailRequest): Promise<void> {
    if (!this.emailsEnabled()) {
      this.logger.info({ eventId: event.id, subject: event.subject }, 'email notifications are switched off; email not sent');
      return;
    }
    // Their address is erased with the account, but a late user.registered could have brought it back before the tombstone.
    if (await isErased(manager, event.payload.userId)) return;
    const addressee = await addresseeOf(manager, event.payload.userId);
    if (!addressee.wants(event.subject)) return;
    const { recipient } = addressee;
    if (!recipient) {
      this.logger.warn({ eventId: event.id, subject: event.subject, userId: event.payload.userId }, 'no email address known for the user; email not sent');
      return;
    }
    // Queued inside the event's transaction (see IdentityEventsHandlers.queue for why). Sent
    // to the user's address as it is when the email goes, should it change while it waits.
    await this.emailQueue.enqueue({ ...build(recipient), currentAddressOf: event.payload.userId, eventId: event.id, requestId: event.requestId, language: addressee.language });
  }

  protected link(path: string): string {
    return page(this.environment.WEB_URL, path);
  }
}
