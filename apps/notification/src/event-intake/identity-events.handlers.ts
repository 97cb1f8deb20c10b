import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  EmailChangedEvent,
  EmailChangeRequestedEvent,
  EmailConfirmationRequestedEvent,
  EventEnvelope,
  IdentityEvents,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  SecurityAlertEvent,
  SignUpAttemptedEvent,
  PreferencesChangedEvent,
  UserConfirmedEvent,
  UserRegisteredEvent,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailRequest } from '../email/email-job';
import { EmailQueue } from '../email/email-queue';
import { isErased } from '../erasure/erased-users';
import { Recipient } from '../inbox/recipient.entity';
import { NotificationEnvironment } from '../notification-environment';
import { preferredLanguageOf, rememberPreferences } from '../preferences/notification-preferences';
import { rememberRecipient } from './recipient-records';
import { EmailLinks, IdentityEventEmails } from './identity-event-emails';

/**
 * Queues the emails identity's events ask for and keeps each user's address; other identity events are skipped. Each method
 * runs once per event, inside the transaction that records the event as handled. Nothing is kept or queued for a user whose
 * account was deleted (isErased): an event still in flight, or redelivered, must not bring them back.
 */
@Injectable()
export class IdentityEventsHandlers {
  private readonly links: EmailLinks;

  constructor(
    private readonly emailQueue: EmailQueue,
    @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.links = { webUrl: environment.WEB_URL };
  }

  /** No email: the address is kept for the emails other services' events ask for. */
  @OnEvent(IdentityEvents.userRegistered)
  async userRegistered(payload: UserRegisteredEvent, { manager }: EventContext<UserRegisteredEvent>) {
    if (await isErased(manager, payload.userId)) return;
    await rememberRecipient(manager, payload);
  }

  /** No email: the notification toggles decide which later messages are sent. */
  @OnEvent(IdentityEvents.preferencesChanged)
  async preferencesChanged(payload: PreferencesChangedEvent, { manager }: EventContext<PreferencesChangedEvent>) {
    if (await isErased(manager, payload.userId)) return;
    await rememberPreferences(manager, payload);
  }

  /**
   * Security messages: always sent, whatever the notification toggles say. The link goes to
   * the new address; the address still in use is told (events queued before identity named
   * it carry none).
   */
  @OnEvent(IdentityEvents.emailChangeRequested)
  async emailChangeRequested(payload: EmailChangeRequestedEvent, { event, manager }: EventContext<EmailChangeRequestedEvent>) {
    await this.queue(manager, event, IdentityEventEmails.confirmEmailChange(payload, event));
    const { currentEmail } = payload;
    if (currentEmail) await this.queue(manager, event, IdentityEventEmails.emailChangeRequested({ ...payload, currentEmail }, event, this.links));
  }

  /** Later emails go to the new address; the previous one is told of the change. */
  @OnEvent(IdentityEvents.emailChanged)
  async emailChanged(payload: EmailChangedEvent, { event, manager }: EventContext<EmailChangedEvent>) {
    if (await isErased(manager, payload.userId)) return;
    await manager.update(Recipient, { userId: payload.userId }, { email: payload.email });
    await this.queue(manager, event, IdentityEventEmails.emailChanged(payload, event));
  }

  @OnEvent(IdentityEvents.emailConfirmationRequested)
  confirmationRequested(payload: EmailConfirmationRequestedEvent, { event, manager }: EventContext<EmailConfirmationRequestedEvent>) {
    return this.queue(manager, event, IdentityEventEmails.confirmEmail(payload, event));
  }

  @OnEvent(IdentityEvents.passwordResetRequested)
  passwordResetRequested(payload: PasswordResetRequestedEvent, { event, manager }: EventContext<PasswordResetRequestedEvent>) {
    return this.queue(manager, event, IdentityEventEmails.resetPassword(payload, event));
  }

  @OnEvent(IdentityEvents.passwordChanged)
  passwordChanged(payload: PasswordChangedEvent, { event, manager }: EventContext<PasswordChangedEvent>) {
    return this.queue(manager, event, IdentityEventEmails.passwordChanged(payload, event, this.links));
  }

  /** Always sent: security emails do not depend on the owner's notification choices. */
  @OnEvent(IdentityEvents.securityAlert)
  securityAlert(payload: SecurityAlertEvent, { event, manager }: EventContext<SecurityAlertEvent>) {
    return this.queue(manager, event, IdentityEventEmails.securityAlert(payload, event, this.links));
  }

  /** Always sent, like the other security emails: someone signed up with the address of this account. */
  @OnEvent(IdentityEvents.signUpAttempted)
  signUpAttempted(payload: SignUpAttemptedEvent, { event, manager }: EventContext<SignUpAttemptedEvent>) {
    return this.queue(manager, event, IdentityEventEmails.signUpAttempted(payload, event, this.links));
  }

  @OnEvent(IdentityEvents.userConfirmed)
  userConfirmed(payload: UserConfirmedEvent, { event, manager }: EventContext<UserConfirmedEvent>) {
    return this.queue(manager, event, IdentityEventEmails.welcome(payload, event, this.links));
  }

  // The job is added inside the transaction that records the event as handled, not after
  // it commits. If the add fails, nothing commits and the redelivered event tries again;
  // if the commit fails after the add, the redelivered event adds the same job id, which
  // BullMQ ignores. Adding after the commit could lose the email: a crash between the two
  // would leave the event marked handled with no job.
  private async queue(manager: EntityManager, event: EventEnvelope<{ userId: string }>, email: EmailRequest): Promise<void> {
    if (await isErased(manager, event.payload.userId)) {
      this.logger.info({ eventId: event.id, subject: event.subject, template: email.template }, 'the account was deleted; email not queued');
      return;
    }
    // In the language the user chose; before any choice (e.g. the sign-up confirmation), English.
    const language = await preferredLanguageOf(manager, event.payload.userId);
    await this.emailQueue.enqueue({ ...email, eventId: event.id, requestId: event.requestId, language });
    this.logger.info({ eventId: event.id, subject: event.subject, template: email.template }, 'email queued');
  }
}
