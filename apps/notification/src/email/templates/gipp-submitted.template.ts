import { Language, Translated } from './language';
import { composeEmail, greeting, RenderedEmail } from './layout';

export interface GippSubmittedParams {
  clientName: string;
  /** The login page (spec 01 §7, send-gipp-confirmation's confirmationUrl). */
  confirmationUrl: string;
}

const WORDS: Translated<{ subject: string; thanks: string; review: string; signIn: string }> = {
  en: {
    subject: 'We received your GIPP application',
    thanks: 'Thank you for submitting your Global Investment Partnership Program (GIPP) application. It has been received and is waiting for review.',
    review: 'GIPP applications are usually reviewed within 10 to 15 business days. We will email you when a decision has been made.',
    signIn: 'Sign in to follow your application',
  },
  es: {
    subject: 'Hemos recibido su solicitud GIPP',
    thanks: 'Gracias por enviar su solicitud al Global Investment Partnership Program (GIPP). La hemos recibido y está pendiente de revisión.',
    review: 'Las solicitudes GIPP suelen revisarse en un plazo de 10 a 15 días hábiles. Le escribiremos cuando se haya tomado una decisión.',
    signIn: 'Inicie sesión para seguir su solicitud',
  },
  fr: {
    subject: 'Nous avons reçu votre demande GIPP',
    thanks: 'Merci d’avoir soumis votre demande au Global Investment Partnership Program (GIPP). Elle a bien été reçue et attend d’être examinée.',
    review: 'Les demandes GIPP sont généralement examinées sous 10 à 15 jours ouvrés. Nous vous écrirons dès qu’une décision aura été prise.',
    signIn: 'Connectez-vous pour suivre votre demande',
  },
  de: {
    subject: 'Wir haben Ihren GIPP-Antrag erhalten',
    thanks: 'Vielen Dank für Ihren Antrag zum Global Investment Partnership Program (GIPP). Er ist bei uns eingegangen und wartet auf die Prüfung.',
    review: 'GIPP-Anträge werden in der Regel innerhalb von 10 bis 15 Werktagen geprüft. Wir benachrichtigen Sie per E-Mail, sobald eine Entscheidung gefallen ist.',
    signIn: 'Anmelden und den Antrag verfolgen',
  },
};

export function gippSubmittedTemplate(params: GippSubmittedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(words.subject, [greeting(params.clientName, language), words.thanks, words.review, { action: { label: words.signIn, url: params.confirmationUrl } }], language);
}
