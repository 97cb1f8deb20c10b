import { Injectable } from '@nestjs/common';
import { CardRequestEvent, CardRequestEvents, CardType, EventEnvelope } from '@portal/contracts';
import { EventContext, OnEvent } from '@portal/messaging';
import { EntityManager } from 'typeorm';
import { Language, Translated } from '../email/templates/language';
import { Inbox } from '../inbox/inbox';
import { preferredLanguageOf, wantsMessage } from '../preferences/notification-preferences';
import { Content, reason, textParams } from './domain-event-notifications';

/** The bell's words for card requests in every language; the card's name is the customer's own and kept as written. */
const WORDS: Translated<{
  cardTypes: Record<CardType, string>;
  requested: [title: string, message: (cardType: string, name: string) => string];
  approved: [title: string, virtual: (name: string) => string, physical: (name: string) => string];
  rejected: [title: string, message: (cardType: string, name: string) => string];
  delivered: [title: string, message: (name: string) => string];
  trackingNumber: (trackingNumber: string) => string;
  cancelled: [title: string, message: (cardType: string, name: string) => string];
}> = {
  en: {
    cardTypes: { physical: 'physical', virtual: 'virtual' },
    requested: ['Card request received', (cardType, name) => `Your ${cardType} card request "${name}" has been received and will be processed within 24 hours.`],
    approved: [
      'Card request approved',
      (name) => `Your virtual card "${name}" has been approved and is ready to use.`,
      (name) => `Your physical card "${name}" has been approved and will be delivered to your address.`,
    ],
    rejected: ['Card request rejected', (cardType, name) => `Your ${cardType} card request "${name}" was rejected.`],
    delivered: ['Card delivered', (name) => `Your physical card "${name}" has been delivered.`],
    trackingNumber: (trackingNumber) => ` Tracking number: ${trackingNumber}`,
    cancelled: ['Card request cancelled', (cardType, name) => `Your ${cardType} card request "${name}" has been cancelled.`],
  },
  es: {
    cardTypes: { physical: 'física', virtual: 'virtual' },
    requested: ['Solicitud de tarjeta recibida', (cardType, name) => `Hemos recibido su solicitud de tarjeta ${cardType} «${name}» y la tramitaremos en un plazo de 24 horas.`],
    approved: [
      'Solicitud de tarjeta aprobada',
      (name) => `Su tarjeta virtual «${name}» ha sido aprobada y ya puede utilizarla.`,
      (name) => `Su tarjeta física «${name}» ha sido aprobada y se le enviará a su dirección.`,
    ],
    rejected: ['Solicitud de tarjeta rechazada', (cardType, name) => `Su solicitud de tarjeta ${cardType} «${name}» ha sido rechazada.`],
    delivered: ['Tarjeta entregada', (name) => `Su tarjeta física «${name}» ha sido entregada.`],
    trackingNumber: (trackingNumber) => ` Número de seguimiento: ${trackingNumber}`,
    cancelled: ['Solicitud de tarjeta cancelada', (cardType, name) => `Su solicitud de tarjeta ${cardType} «${name}» ha sido cancelada.`],
  },
  fr: {
    cardTypes: { physical: 'physique', virtual: 'virtuelle' },
    requested: ['Demande de carte reçue', (cardType, name) => `Votre demande de carte ${cardType} « ${name} » a bien été reçue et sera traitée sous 24 heures.`],
    approved: [
      'Demande de carte approuvée',
      (name) => `Votre carte virtuelle « ${name} » a été approuvée et est prête à l’emploi.`,
      (name) => `Votre carte physique « ${name} » a été approuvée et sera livrée à votre adresse.`,
    ],
    rejected: ['Demande de carte refusée', (cardType, name) => `Votre demande de carte ${cardType} « ${name} » a été refusée.`],
    delivered: ['Carte livrée', (name) => `Votre carte physique « ${name} » a été livrée.`],
    trackingNumber: (trackingNumber) => ` Numéro de suivi : ${trackingNumber}`,
    cancelled: ['Demande de carte annulée', (cardType, name) => `Votre demande de carte ${cardType} « ${name} » a été annulée.`],
  },
  de: {
    // After "eine": "eine physische Karte", "eine virtuelle Karte".
    cardTypes: { physical: 'physische', virtual: 'virtuelle' },
    requested: ['Kartenantrag eingegangen', (cardType, name) => `Ihr Antrag auf eine ${cardType} Karte „${name}“ ist eingegangen und wird innerhalb von 24 Stunden bearbeitet.`],
    approved: [
      'Kartenantrag genehmigt',
      (name) => `Ihre virtuelle Karte „${name}“ wurde genehmigt und ist sofort einsatzbereit.`,
      (name) => `Ihre physische Karte „${name}“ wurde genehmigt und wird an Ihre Adresse geliefert.`,
    ],
    rejected: ['Kartenantrag abgelehnt', (cardType, name) => `Ihr Antrag auf eine ${cardType} Karte „${name}“ wurde abgelehnt.`],
    delivered: ['Karte zugestellt', (name) => `Ihre physische Karte „${name}“ wurde zugestellt.`],
    trackingNumber: (trackingNumber) => ` Sendungsnummer: ${trackingNumber}`,
    cancelled: ['Kartenantrag storniert', (cardType, name) => `Ihr Antrag auf eine ${cardType} Karte „${name}“ wurde storniert.`],
  },
};

/** The card's type and the customer's name for it, as written, and whatever else the sentence says. */
function cardParams(payload: CardRequestEvent, more: Record<string, string | null | undefined> = {}) {
  return textParams({ cardType: payload.cardType, cardName: payload.cardName, ...more });
}

/** What the customer reads in the bell when their card request changes status, in their language, with its code and values. */
export const CardRequestNotifications = {
  requested(payload: CardRequestEvent, language: Language): Content {
    const words = WORDS[language];
    const [title, message] = words.requested;
    return { category: 'card', type: 'info', title, message: message(words.cardTypes[payload.cardType], payload.cardName), textKey: 'cardRequested', textParams: cardParams(payload) };
  },
  approved(payload: CardRequestEvent, language: Language): Content {
    const [title, virtual, physical] = WORDS[language].approved;
    return { category: 'card', type: 'success', title, message: (payload.cardType === 'virtual' ? virtual : physical)(payload.cardName), textKey: 'cardApproved', textParams: cardParams(payload) };
  },
  rejected(payload: CardRequestEvent, language: Language): Content {
    const words = WORDS[language];
    const [title, message] = words.rejected;
    return {
      category: 'card',
      type: 'error',
      title,
      message: `${message(words.cardTypes[payload.cardType], payload.cardName)}${reason(payload.rejectionReason, language)}`,
      textKey: 'cardRejected',
      textParams: cardParams(payload, { reason: payload.rejectionReason }),
    };
  },
  delivered(payload: CardRequestEvent, language: Language): Content {
    const words = WORDS[language];
    const [title, message] = words.delivered;
    return {
      category: 'card',
      type: 'success',
      title,
      message: `${message(payload.cardName)}${payload.trackingNumber ? words.trackingNumber(payload.trackingNumber) : ''}`,
      textKey: 'cardDelivered',
      textParams: cardParams(payload, { trackingNumber: payload.trackingNumber }),
    };
  },
  cancelled(payload: CardRequestEvent, language: Language): Content {
    const words = WORDS[language];
    const [title, message] = words.cancelled;
    return { category: 'card', type: 'info', title, message: message(words.cardTypes[payload.cardType], payload.cardName), textKey: 'cardCancelled', textParams: cardParams(payload) };
  },
};

/** One in-app notification per card request event (the inbox keeps one row per event and user). */
@Injectable()
export class CardRequestEventsHandlers {
  constructor(private readonly inbox: Inbox) {}

  /** Unless the customer turned account activity off; written in their language as it is when the event arrives. */
  private async notify(manager: EntityManager, event: EventEnvelope<CardRequestEvent>, build: (language: Language) => Content) {
    if (!(await wantsMessage(manager, event.payload.userId, event.subject))) return;
    const language = await preferredLanguageOf(manager, event.payload.userId);
    await this.inbox.deliver(manager, { ...build(language), userId: event.payload.userId, sourceEventId: event.id });
  }

  @OnEvent(CardRequestEvents.cardRequested)
  async requested(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, (language) => CardRequestNotifications.requested(payload, language));
  }

  @OnEvent(CardRequestEvents.cardApproved)
  async approved(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, (language) => CardRequestNotifications.approved(payload, language));
  }

  @OnEvent(CardRequestEvents.cardRejected)
  async rejected(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, (language) => CardRequestNotifications.rejected(payload, language));
  }

  @OnEvent(CardRequestEvents.cardDelivered)
  async delivered(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, (language) => CardRequestNotifications.delivered(payload, language));
  }

  @OnEvent(CardRequestEvents.cardCancelled)
  async cancelled(payload: CardRequestEvent, { event, manager }: EventContext<CardRequestEvent>) {
    await this.notify(manager, event, (language) => CardRequestNotifications.cancelled(payload, language));
  }
}
