import { Language, Translated } from './language';
import { composeEmail, greeting, plainText, RenderedEmail } from './layout';

export interface KycDocumentsRequestedParams {
  firstName: string;
  message: string;
  documentsUrl: string;
}

export interface KycDecisionParams {
  firstName: string;
  decision: 'verified' | 'rejected';
  reason: string | null;
  documentsUrl: string;
}

/** As long as the events allow: the admin's request and reason are told in full, never cut to a name's length. */
const MESSAGE_MAX_LENGTH = 1000;

const WORDS: Translated<{
  requestedSubject: string;
  asked: string;
  upload: string;
  uploadDocuments: string;
  verifiedSubject: string;
  verified: string;
  openPortal: string;
  rejectedSubject: string;
  rejected: string;
  reason: (reason: string) => string;
  again: string;
  openDocuments: string;
}> = {
  en: {
    requestedSubject: 'We need documents from you',
    asked: 'Our verification team has asked you for documents:',
    upload: 'Upload them in the Document Upload Center; review takes 2–3 business days.',
    uploadDocuments: 'Upload documents',
    verifiedSubject: 'Your account is verified',
    verified: 'Good news: your identity verification (KYC) has been approved. Your account is now verified.',
    openPortal: 'Open the portal',
    rejectedSubject: 'Your identity verification was not approved',
    rejected: 'We have reviewed your identity verification (KYC) and are unable to approve it.',
    reason: (reason) => `Reason: ${reason}`,
    again: 'Please upload the documents again in the Document Upload Center, or open a support ticket if you have questions.',
    openDocuments: 'Open your documents',
  },
  es: {
    requestedSubject: 'Necesitamos documentos suyos',
    asked: 'Nuestro equipo de verificación le ha solicitado documentos:',
    upload: 'Súbalos en el Centro de carga de documentos; la revisión tarda de 2 a 3 días hábiles.',
    uploadDocuments: 'Subir documentos',
    verifiedSubject: 'Su cuenta está verificada',
    verified: 'Buenas noticias: su verificación de identidad (KYC) ha sido aprobada. Su cuenta ya está verificada.',
    openPortal: 'Abrir el portal',
    rejectedSubject: 'Su verificación de identidad no ha sido aprobada',
    rejected: 'Hemos revisado su verificación de identidad (KYC) y no podemos aprobarla.',
    reason: (reason) => `Motivo: ${reason}`,
    again: 'Vuelva a subir los documentos en el Centro de carga de documentos o abra un ticket de soporte si tiene preguntas.',
    openDocuments: 'Abrir sus documentos',
  },
  fr: {
    requestedSubject: 'Nous avons besoin de documents de votre part',
    asked: 'Notre équipe de vérification vous demande des documents :',
    upload: 'Téléversez-les dans le Centre de dépôt de documents ; l’examen prend 2 à 3 jours ouvrés.',
    uploadDocuments: 'Téléverser des documents',
    verifiedSubject: 'Votre compte est vérifié',
    verified: 'Bonne nouvelle : votre vérification d’identité (KYC) a été approuvée. Votre compte est désormais vérifié.',
    openPortal: 'Ouvrir le portail',
    rejectedSubject: 'Votre vérification d’identité n’a pas été approuvée',
    rejected: 'Nous avons examiné votre vérification d’identité (KYC) et ne sommes pas en mesure de l’approuver.',
    reason: (reason) => `Motif : ${reason}`,
    again: 'Veuillez téléverser à nouveau les documents dans le Centre de dépôt de documents, ou ouvrez un ticket de support si vous avez des questions.',
    openDocuments: 'Ouvrir vos documents',
  },
  de: {
    requestedSubject: 'Wir benötigen Dokumente von Ihnen',
    asked: 'Unser Prüfteam hat Sie um folgende Dokumente gebeten:',
    upload: 'Laden Sie sie im Dokumenten-Upload-Center hoch; die Prüfung dauert 2–3 Werktage.',
    uploadDocuments: 'Dokumente hochladen',
    verifiedSubject: 'Ihr Konto ist verifiziert',
    verified: 'Gute Nachrichten: Ihre Identitätsprüfung (KYC) wurde genehmigt. Ihr Konto ist jetzt verifiziert.',
    openPortal: 'Portal öffnen',
    rejectedSubject: 'Ihre Identitätsprüfung wurde nicht genehmigt',
    rejected: 'Wir haben Ihre Identitätsprüfung (KYC) geprüft und können sie leider nicht genehmigen.',
    reason: (reason) => `Grund: ${reason}`,
    again: 'Bitte laden Sie die Dokumente im Dokumenten-Upload-Center erneut hoch oder eröffnen Sie ein Support-Ticket, wenn Sie Fragen haben.',
    openDocuments: 'Ihre Dokumente öffnen',
  },
};

export function kycDocumentsRequestedTemplate(params: KycDocumentsRequestedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.requestedSubject,
    [greeting(params.firstName, language), words.asked, plainText(params.message, MESSAGE_MAX_LENGTH), words.upload, { action: { label: words.uploadDocuments, url: params.documentsUrl } }],
    language,
  );
}

export function kycDecisionTemplate(params: KycDecisionParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  if (params.decision === 'verified') {
    return composeEmail(words.verifiedSubject, [greeting(params.firstName, language), words.verified, { action: { label: words.openPortal, url: params.documentsUrl } }], language);
  }
  const reason = params.reason?.trim() ? [words.reason(plainText(params.reason, MESSAGE_MAX_LENGTH))] : [];
  return composeEmail(
    words.rejectedSubject,
    [greeting(params.firstName, language), words.rejected, ...reason, words.again, { action: { label: words.openDocuments, url: params.documentsUrl } }],
    language,
  );
}
