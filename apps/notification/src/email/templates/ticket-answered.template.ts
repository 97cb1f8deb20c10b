import { Language, Translated } from './language';
import { composeEmail, greeting, plainText, RenderedEmail } from './layout';

export interface TicketAnsweredParams {
  firstName: string;
  subject: string;
  ticketId: string;
  status: string;
  supportUrl: string;
}

/** A ticket subject's longest (support's limit). */
const SUBJECT_MAX_LENGTH = 200;

const WORDS: Translated<{ subject: string; answered: (subject: string, number: string, status: string) => string; statuses: Record<string, string>; read: string; open: string }> = {
  en: {
    subject: 'Your support ticket has been answered',
    answered: (subject, number, status) => `Our support team answered your ticket "${subject}" (#${number}). Its status is now ${status}.`,
    statuses: {},
    read: 'Read the answer and reply, if you need to, in the Support Center.',
    open: 'Open the Support Center',
  },
  es: {
    subject: 'Su ticket de soporte ha recibido respuesta',
    answered: (subject, number, status) => `Nuestro equipo de soporte ha respondido a su ticket «${subject}» (n.º ${number}). Su estado ahora es: ${status}.`,
    statuses: { open: 'abierto', in_progress: 'en curso', resolved: 'resuelto', closed: 'cerrado' },
    read: 'Lea la respuesta y, si lo necesita, responda en el Centro de soporte.',
    open: 'Abrir el Centro de soporte',
  },
  fr: {
    subject: 'Votre ticket de support a reçu une réponse',
    answered: (subject, number, status) => `Notre équipe de support a répondu à votre ticket « ${subject} » (n° ${number}). Son statut est désormais : ${status}.`,
    statuses: { open: 'ouvert', in_progress: 'en cours', resolved: 'résolu', closed: 'fermé' },
    read: 'Lisez la réponse et, si nécessaire, répondez dans le Centre de support.',
    open: 'Ouvrir le Centre de support',
  },
  de: {
    subject: 'Ihr Support-Ticket wurde beantwortet',
    answered: (subject, number, status) => `Unser Support-Team hat Ihr Ticket „${subject}“ (#${number}) beantwortet. Sein Status ist jetzt: ${status}.`,
    statuses: { open: 'offen', in_progress: 'in Bearbeitung', resolved: 'gelöst', closed: 'geschlossen' },
    read: 'Lesen Sie die Antwort und antworten Sie bei Bedarf im Support-Center.',
    open: 'Support-Center öffnen',
  },
};

export function ticketAnsweredTemplate(params: TicketAnsweredParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const status = words.statuses[params.status] ?? params.status.replace('_', ' ');
  return composeEmail(
    words.subject,
    [greeting(params.firstName, language), words.answered(plainText(params.subject, SUBJECT_MAX_LENGTH), params.ticketId.slice(0, 8), status), words.read, { action: { label: words.open, url: params.supportUrl } }],
    language,
  );
}
