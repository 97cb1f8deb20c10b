import { Inject, Injectable } from '@nestjs/common';
import { SupportEvents, TicketEvent } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, PlatformSettings, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { Inbox } from '../inbox/inbox';
import { NotificationEnvironment } from '../notification-environment';
import { DomainEventIntake } from './domain-event-intake';
import { SupportNotifications as Notify } from './notifications/support-notifications';

@Injectable()
export class SupportEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  /** Only an admin's answer concerns the customer; status moves and their own replies do not. */
  @OnEvent(SupportEvents.ticketUpdated)
  async ticketUpdated(payload: TicketEvent, { event, manager }: EventContext<TicketEvent>) {
    if (payload.answeredBy !== 'admin') return;
    await this.notify(manager, event, (language) => Notify.ticketAnswered(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'ticket-answered',
      to: recipient.email,
      params: { firstName: recipient.firstName, subject: payload.subject, ticketId: payload.ticketId, status: payload.status, supportUrl: this.link('/app/support') },
    }));
  }
}
