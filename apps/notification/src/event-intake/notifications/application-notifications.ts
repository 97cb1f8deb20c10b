import { ApplicationReviewedEvent } from '@portal/contracts';
import { applicationKind } from '../../email/templates/application-decision.template';
import { Language, Translated } from '../../email/templates/language';
import { Content, reason, textParams } from './content';

/** The bell's words in every language. The admin's note is handed in and kept as written. */
const WORDS: Translated<{
  applicationApproved: [title: string, message: (kind: string) => string];
  applicationRejected: [title: string, message: (kind: string) => string];
  applicationUnderReview: [title: string, message: (kind: string) => string];
}> = {
  en: {
    applicationApproved: ['Application approved', (kind) => `Your ${kind} investment application has been approved.`],
    applicationRejected: ['Application rejected', (kind) => `Your ${kind} investment application was not approved.`],
    applicationUnderReview: ['Application under review', (kind) => `Your ${kind} investment application is now being reviewed.`],
  },
  es: {
    applicationApproved: ['Solicitud aprobada', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} ha sido aprobada.`],
    applicationRejected: ['Solicitud rechazada', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} no ha sido aprobada.`],
    applicationUnderReview: ['Solicitud en revisión', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} está siendo revisada.`],
  },
  fr: {
    applicationApproved: ['Demande approuvée', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} a été approuvée.`],
    applicationRejected: ['Demande refusée', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} n’a pas été approuvée.`],
    applicationUnderReview: ['Demande en cours d’examen', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} est en cours d’examen.`],
  },
  de: {
    // The kinds are whole noun phrases ("Antrag auf eine private Anlage", see the application email).
    applicationApproved: ['Antrag genehmigt', (kind) => `Ihr ${kind} wurde genehmigt.`],
    applicationRejected: ['Antrag abgelehnt', (kind) => `Ihr ${kind} wurde nicht genehmigt.`],
    applicationUnderReview: ['Antrag in Prüfung', (kind) => `Ihr ${kind} wird jetzt geprüft.`],
  },
};

/** What the bell says when an application is reviewed (the applications stream). */
export const ApplicationNotifications = {
  applicationReviewed(payload: ApplicationReviewedEvent, language: Language): Content {
    const words = WORDS[language];
    const kind = applicationKind(payload.applicationType, language);
    if (payload.status === 'approved') {
      const [title, message] = words.applicationApproved;
      return { category: 'application', type: 'success', title, message: message(kind), textKey: 'applicationApproved', textParams: textParams({ applicationType: payload.applicationType }) };
    }
    if (payload.status === 'rejected') {
      const [title, message] = words.applicationRejected;
      return {
        category: 'application',
        type: 'error',
        title,
        message: `${message(kind)}${reason(payload.note, language)}`,
        textKey: 'applicationRejected',
        textParams: textParams({ applicationType: payload.applicationType, reason: payload.note }),
      };
    }
    const [title, message] = words.applicationUnderReview;
    return { category: 'application', type: 'info', title, message: message(kind), textKey: 'applicationUnderReview', textParams: textParams({ applicationType: payload.applicationType }) };
  },
};
