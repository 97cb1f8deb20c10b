import { TicketEvent } from '@portal/contracts';
import { Language, Translated } from '../../email/templates/language';
import { Content, textParams } from './content';

/** The bell's words in every language. The ticket's subject is handed in and kept as written. */
const WORDS: Translated<{
  ticketAnswered: [title: string, message: (subject: string) => string];
}> = {
  en: {
    ticketAnswered: ['Support ticket answered', (subject) => `Our support team answered your ticket "${subject}".`],
  },
  es: {
    ticketAnswered: ['Ticket de soporte respondido', (subject) => `Nuestro equipo de soporte ha respondido a su ticket «${subject}».`],
  },
  fr: {
    ticketAnswered: ['Réponse à votre ticket de support', (subject) => `Notre équipe de support a répondu à votre ticket « ${subject} ».`],
  },
  de: {
    ticketAnswered: ['Support-Ticket beantwortet', (subject) => `Unser Support-Team hat Ihr Ticket „${subject}“ beantwortet.`],
  },
};

/** What the bell says when support answers a ticket. */
export const SupportNotifications = {
  ticketAnswered(payload: TicketEvent, language: Language): Content {
    const [title, message] = WORDS[language].ticketAnswered;
    return { category: 'support', type: 'info', title, message: message(payload.subject), textKey: 'ticketAnswered', textParams: textParams({ subject: payload.subject }) };
  },
};
