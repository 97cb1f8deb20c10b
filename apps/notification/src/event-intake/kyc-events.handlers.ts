import { Inject, Injectable } from '@nestjs/common';
import { KycDocumentRequestedEvent, KycDocumentReviewedEvent, KycEvents, KycStatusChangedEvent } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, PlatformSettings, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { Inbox } from '../inbox/inbox';
import { NotificationEnvironment } from '../notification-environment';
import { DomainEventIntake } from './domain-event-intake';
import { isKycDecision, KycNotifications as Notify } from './notifications/kyc-notifications';

@Injectable()
export class KycEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  @OnEvent(KycEvents.documentReviewed)
  async documentReviewed(payload: KycDocumentReviewedEvent, { event, manager }: EventContext<KycDocumentReviewedEvent>) {
    await this.notify(manager, event, (language) => Notify.documentReviewed(payload, language));
  }

  @OnEvent(KycEvents.documentRequested)
  async documentsRequested(payload: KycDocumentRequestedEvent, { event, manager }: EventContext<KycDocumentRequestedEvent>) {
    await this.notify(manager, event, (language) => Notify.documentsRequested(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'kyc-documents-requested',
      to: recipient.email,
      params: { firstName: recipient.firstName, message: payload.message, documentsUrl: this.link('/app/documents') },
    }));
  }

  @OnEvent(KycEvents.statusChanged)
  async statusChanged(payload: KycStatusChangedEvent, { event, manager }: EventContext<KycStatusChangedEvent>) {
    if (!isKycDecision(payload)) return;
    await this.notify(manager, event, (language) => Notify.kycDecision(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'kyc-decision',
      to: recipient.email,
      params: { firstName: recipient.firstName, decision: payload.kycStatus === 'verified' ? 'verified' : 'rejected', reason: payload.reason ?? null, documentsUrl: this.link('/app/documents') },
    }));
  }
}
