import { Injectable } from '@nestjs/common';
import { CardRequestEvent, CardRequestEvents, EventEnvelope } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { EntityManager } from 'typeorm';
import { Inbox, NewNotification } from '../inbox/inbox';

type Content = Pick<NewNotification, 'title' | 'message' | 'type' | 'category'>;

const CARD = { physical: 'physical', virtual: 'virtual' } as const;

/** What the customer reads in the bell when their card request changes status. */
export const CardRequestNotifications = {
  requested: (payload: CardRequestEvent): Content => ({
    category: 'card',
    type: 'info',
    title: 'Card request received',
    message: `Your ${CARD[payload.cardType]} card request "${payload.cardName}" has been received and will be processed within 24 hours.`,
  }),
  approved: (payload: CardRequestEvent): Content => ({
    category: 'card',
    type: 'success',
    title: 'Card request approved',
    message:
      payload.cardType === 'virtual'
        ? `Your virtual card "${payload.cardName}" has been approved and is ready to use.`
        : `Your physical card "${payload.cardName}" has been approved and will be delivered to your address.`,
  }),
  rejected: (payload: CardRequestEvent): Content => ({
    category: 'card',
    type: 'error',
    title: 'Card request rejected',
    message: `Your ${CARD[payload.cardType]} card request "${payload.cardName}" was rejected.${payload.rejectionReason ? ` Reason: ${payload.rejectionReason}` : ''}`,
  }),
  delivered: (payload: CardRequestEvent): Content => ({
    category: 'card',
    type: 'success',
    title: 'Card delivered',
    message: `Your physical card "${payload.cardName}" has been delivered.${payload.trackingNumber ? ` Tracking number: ${payload.trackingNumber}` : ''}`,
  }),
  cancelled: (payload: CardRequestEvent): Content => ({
    category: 'card',
    type: 'info',
    title: 'Card request cancelled',
    message: `Your ${CARD[payload.cardType]} card request "${payload.cardName}" has been cancelled.`,
  }),
};

/** One in-app notification per card request event (the inbox keeps one row per event and user). */
@Injectable()
export class CardRequestEventsHandlers {
  constructor(private readonly inbox: Inbox) {}

  private notify(manager: EntityManager, event: EventEnvelope<CardRequestEvent>, content: Content) {
    return this.inbox.deliver(manager, { ...content, userId: event.payload.userId, sourceEventId: event.id });
  }

  @OnEvent(CardRequestEvents.cardRequested)
  async requested(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, CardRequestNotifications.requested(payload));
  }

  @OnEvent(CardRequestEvents.cardApproved)
  async approved(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, CardRequestNotifications.approved(payload));
  }

  @OnEvent(CardRequestEvents.cardRejected)
  async rejected(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, CardRequestNotifications.rejected(payload));
  }

  @OnEvent(CardRequestEvents.cardDelivered)
  async delivered(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, CardRequestNotifications.delivered(payload));
  }

  @OnEvent(CardRequestEvents.cardCancelled)
  async cancelled(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, CardRequestNotifications.cancelled(payload));
  }
}
