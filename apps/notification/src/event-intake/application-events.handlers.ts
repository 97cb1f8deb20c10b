import { Inject, Injectable } from '@nestjs/common';
import { ApplicationReviewedEvent, ApplicationsEvents, ApplicationSubmittedEvent } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, PlatformSettings, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { isErased } from '../erasure/erased-users';
import { Inbox } from '../inbox/inbox';
import { NotificationEnvironment } from '../notification-environment';
import { preferredLanguageOf, wantsMessage } from '../preferences/notification-preferences';
import { DomainEventIntake } from './domain-event-intake';
import { ApplicationNotifications as Notify } from './notifications/application-notifications';
import { isFirstGippConfirmation } from './recipient-records';

@Injectable()
export class ApplicationEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  @OnEvent(ApplicationsEvents.reviewed)
  async reviewed(payload: ApplicationReviewedEvent, { event, manager }: EventContext<ApplicationReviewedEvent>) {
    await this.notify(manager, event, (language) => Notify.applicationReviewed(payload, language));
    if (payload.status === 'under_review') return;
    const decision = payload.status;
    await this.email(manager, event, (recipient) => ({
      template: 'application-decision',
      to: recipient.email,
      params: { firstName: recipient.firstName, applicationType: payload.applicationType, decision, note: payload.note ?? null, investmentsUrl: this.link('/app/investments') },
    }));
  }

  /** The GIPP confirmation email (spec 01 §7), once per application even if submitted events repeat. */
  @OnEvent(ApplicationsEvents.submitted)
  async submitted(payload: ApplicationSubmittedEvent, { event, manager }: EventContext<ApplicationSubmittedEvent>) {
    if (payload.applicationType !== 'gipp' || !this.emailsEnabled()) return;
    if (await isErased(manager, payload.userId)) return;
    if (!(await wantsMessage(manager, payload.userId, event.subject))) return;
    if (!(await isFirstGippConfirmation(manager, payload.applicationId, event.id))) return;
    // Keyed by the application, not the event: a second submitted event cannot send a second email.
    await this.emailQueue.enqueue({
      template: 'gipp-submitted',
      to: payload.email,
      params: { clientName: payload.fullName, confirmationUrl: this.link('/auth/login') },
      eventId: payload.applicationId,
      requestId: event.requestId,
      language: await preferredLanguageOf(manager, payload.userId),
    });
  }
}
