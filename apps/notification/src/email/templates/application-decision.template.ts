import { Language, Translated } from './language';
import { composeEmail, greeting, plainText, RenderedEmail } from './layout';

export interface ApplicationDecisionParams {
  firstName: string;
  applicationType: string;
  decision: 'approved' | 'rejected';
  note: string | null;
  investmentsUrl: string;
}

/** As long as the reviewed event allows: the reviewer's note is told in full. */
const NOTE_MAX_LENGTH = 1000;

type Kind = 'personal' | 'corporate' | 'gipp' | 'other';

const WORDS: Translated<{
  /** The application's kind as the sentences below take it. */
  kinds: Record<Kind, string>;
  note: (note: string) => string;
  approvedSubject: string;
  approved: (kind: string) => string;
  invoice: string;
  viewInvestments: string;
  rejectedSubject: string;
  rejected: (kind: string) => string;
  questions: string;
  openPortal: string;
}> = {
  en: {
    kinds: { personal: 'personal', corporate: 'corporate', gipp: 'GIPP', other: 'investment' },
    note: (note) => `Note from our team: ${note}`,
    approvedSubject: 'Your investment application was approved',
    approved: (kind) => `Good news: your ${kind} investment application has been approved.`,
    invoice: 'Our finance team will send you an official invoice by email with the next steps.',
    viewInvestments: 'View your investments',
    rejectedSubject: 'Your investment application was not approved',
    rejected: (kind) => `We have reviewed your ${kind} investment application and are unable to approve it.`,
    questions: 'If you have questions about this decision, open a support ticket and our team will help.',
    openPortal: 'Open the portal',
  },
  es: {
    kinds: { personal: 'personal', corporate: 'corporativa', gipp: 'GIPP', other: '' },
    note: (note) => `Nota de nuestro equipo: ${note}`,
    approvedSubject: 'Su solicitud de inversión ha sido aprobada',
    approved: (kind) => `Buenas noticias: su solicitud de inversión${kind ? ` ${kind}` : ''} ha sido aprobada.`,
    invoice: 'Nuestro equipo financiero le enviará por correo electrónico una factura oficial con los próximos pasos.',
    viewInvestments: 'Ver sus inversiones',
    rejectedSubject: 'Su solicitud de inversión no ha sido aprobada',
    rejected: (kind) => `Hemos revisado su solicitud de inversión${kind ? ` ${kind}` : ''} y no podemos aprobarla.`,
    questions: 'Si tiene preguntas sobre esta decisión, abra un ticket de soporte y nuestro equipo le ayudará.',
    openPortal: 'Abrir el portal',
  },
  fr: {
    kinds: { personal: 'personnel', corporate: 'd’entreprise', gipp: 'GIPP', other: '' },
    note: (note) => `Note de notre équipe : ${note}`,
    approvedSubject: 'Votre demande d’investissement a été approuvée',
    approved: (kind) => `Bonne nouvelle : votre demande d’investissement${kind ? ` ${kind}` : ''} a été approuvée.`,
    invoice: 'Notre équipe financière vous enverra par e-mail une facture officielle indiquant les prochaines étapes.',
    viewInvestments: 'Voir vos investissements',
    rejectedSubject: 'Votre demande d’investissement n’a pas été approuvée',
    rejected: (kind) => `Nous avons examiné votre demande d’investissement${kind ? ` ${kind}` : ''} et ne sommes pas en mesure de l’approuver.`,
    questions: 'Si vous avez des questions sur cette décision, ouvrez un ticket de support et notre équipe vous aidera.',
    openPortal: 'Ouvrir le portail',
  },
  de: {
    // Whole noun phrases: "Antrag" is masculine, so "Ihr ..." and "Ihren ..." fit each.
    kinds: { personal: 'Antrag auf eine private Anlage', corporate: 'Antrag auf eine Unternehmensanlage', gipp: 'GIPP-Anlageantrag', other: 'Anlageantrag' },
    note: (note) => `Anmerkung unseres Teams: ${note}`,
    approvedSubject: 'Ihr Anlageantrag wurde genehmigt',
    approved: (kind) => `Gute Nachrichten: Ihr ${kind} wurde genehmigt.`,
    invoice: 'Unser Finanzteam sendet Ihnen per E-Mail eine offizielle Rechnung mit den nächsten Schritten.',
    viewInvestments: 'Ihre Anlagen ansehen',
    rejectedSubject: 'Ihr Anlageantrag wurde nicht genehmigt',
    rejected: (kind) => `Wir haben Ihren ${kind} geprüft und können ihn leider nicht genehmigen.`,
    questions: 'Wenn Sie Fragen zu dieser Entscheidung haben, eröffnen Sie ein Support-Ticket; unser Team hilft Ihnen gern.',
    openPortal: 'Portal öffnen',
  },
};

function kindOf(applicationType: string): Kind {
  return applicationType === 'personal' || applicationType === 'corporate' || applicationType === 'gipp' ? applicationType : 'other';
}

/** The application's kind in a language's words (in-app notifications say it the same way as this email). */
export function applicationKind(applicationType: string, language: Language): string {
  return WORDS[language].kinds[kindOf(applicationType)];
}

export function applicationDecisionTemplate(params: ApplicationDecisionParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const kind = applicationKind(params.applicationType, language);
  const note = params.note?.trim() ? [words.note(plainText(params.note, NOTE_MAX_LENGTH))] : [];
  if (params.decision === 'approved') {
    return composeEmail(
      words.approvedSubject,
      [greeting(params.firstName, language), words.approved(kind), ...note, words.invoice, { action: { label: words.viewInvestments, url: params.investmentsUrl } }],
      language,
    );
  }
  return composeEmail(
    words.rejectedSubject,
    [greeting(params.firstName, language), words.rejected(kind), ...note, words.questions, { action: { label: words.openPortal, url: params.investmentsUrl } }],
    language,
  );
}
