import { KycDocumentRequestedEvent, KycDocumentReviewedEvent, KycStatusChangedEvent } from '@portal/contracts';
import { Language, Translated } from '../../email/templates/language';
import { Content, reason, textParams } from './content';

type DocumentKind = 'id' | 'tax' | 'partnership';

/** The bell's words in every language. The reviewer's notes and an admin's request are handed in and kept as written. */
const WORDS: Translated<{
  /** The document as the sentences below take it; `other` for a type this table does not know. */
  documents: Record<DocumentKind, string> & { other: (documentType: string) => string };
  documentApproved: [title: string, message: (document: string) => string];
  documentRejected: [title: string, message: (document: string) => string];
  documentsRequested: string;
  accountVerified: [title: string, message: string];
  verificationRejected: [title: string, message: string];
}> = {
  en: {
    documents: { id: 'identity document', tax: 'tax document', partnership: 'partnership document', other: (documentType) => `${documentType} document` },
    documentApproved: ['Document approved', (document) => `Your ${document} has been approved.`],
    documentRejected: ['Document rejected', (document) => `Your ${document} was rejected. Please upload it again.`],
    documentsRequested: 'Documents requested',
    accountVerified: ['Account verified', 'Your identity verification (KYC) has been approved.'],
    verificationRejected: ['Verification not approved', 'Your identity verification (KYC) was not approved.'],
  },
  es: {
    documents: { id: 'documento de identidad', tax: 'documento fiscal', partnership: 'documento de asociación', other: (documentType) => `documento (${documentType})` },
    documentApproved: ['Documento aprobado', (document) => `Su ${document} ha sido aprobado.`],
    documentRejected: ['Documento rechazado', (document) => `Su ${document} ha sido rechazado. Vuelva a subirlo, por favor.`],
    documentsRequested: 'Documentos solicitados',
    accountVerified: ['Cuenta verificada', 'Su verificación de identidad (KYC) ha sido aprobada.'],
    verificationRejected: ['Verificación no aprobada', 'Su verificación de identidad (KYC) no ha sido aprobada.'],
  },
  fr: {
    documents: { id: 'document d’identité', tax: 'document fiscal', partnership: 'document de partenariat', other: (documentType) => `document (${documentType})` },
    documentApproved: ['Document approuvé', (document) => `Votre ${document} a été approuvé.`],
    documentRejected: ['Document refusé', (document) => `Votre ${document} a été refusé. Veuillez le téléverser à nouveau.`],
    documentsRequested: 'Documents demandés',
    accountVerified: ['Compte vérifié', 'Votre vérification d’identité (KYC) a été approuvée.'],
    verificationRejected: ['Vérification non approuvée', 'Votre vérification d’identité (KYC) n’a pas été approuvée.'],
  },
  de: {
    // All neuter, so "Ihr ... wurde" and "es" fit each.
    documents: { id: 'Ausweisdokument', tax: 'Steuerdokument', partnership: 'Partnerschaftsdokument', other: (documentType) => `Dokument (${documentType})` },
    documentApproved: ['Dokument genehmigt', (document) => `Ihr ${document} wurde genehmigt.`],
    documentRejected: ['Dokument abgelehnt', (document) => `Ihr ${document} wurde abgelehnt. Bitte laden Sie es erneut hoch.`],
    documentsRequested: 'Dokumente angefordert',
    accountVerified: ['Konto verifiziert', 'Ihre Identitätsprüfung (KYC) wurde genehmigt.'],
    verificationRejected: ['Verifizierung nicht genehmigt', 'Ihre Identitätsprüfung (KYC) wurde nicht genehmigt.'],
  },
};

function documentName(documentType: string, language: Language): string {
  const documents = WORDS[language].documents;
  return documentType === 'id' || documentType === 'tax' || documentType === 'partnership' ? documents[documentType] : documents.other(documentType);
}

/** Only a decision concerns the customer: the pending status opened at sign-up does not. */
export function isKycDecision(payload: KycStatusChangedEvent): payload is KycStatusChangedEvent & { kycStatus: 'verified' | 'rejected' } {
  return payload.kycStatus === 'verified' || payload.kycStatus === 'rejected';
}

/** What the bell says for KYC's events: a document reviewed or asked for, and the verification decision. */
export const KycNotifications = {
  documentReviewed(payload: KycDocumentReviewedEvent, language: Language): Content {
    const words = WORDS[language];
    const document = documentName(payload.documentType, language);
    if (payload.decision === 'approved') {
      const [title, message] = words.documentApproved;
      return { category: 'kyc', type: 'success', title, message: message(document), textKey: 'documentApproved', textParams: textParams({ documentType: payload.documentType }) };
    }
    const [title, message] = words.documentRejected;
    return {
      category: 'kyc',
      type: 'error',
      title,
      message: `${message(document)}${reason(payload.notes, language)}`,
      textKey: 'documentRejected',
      textParams: textParams({ documentType: payload.documentType, reason: payload.notes }),
    };
  },
  /** The admin's request is shown as they wrote it. */
  documentsRequested: (payload: KycDocumentRequestedEvent, language: Language): Content => ({
    category: 'kyc',
    type: 'warning',
    title: WORDS[language].documentsRequested,
    message: payload.message,
    textKey: 'documentsRequested',
    textParams: textParams({ request: payload.message }),
  }),
  kycDecision(payload: KycStatusChangedEvent & { kycStatus: 'verified' | 'rejected' }, language: Language): Content {
    if (payload.kycStatus === 'verified') {
      const [title, message] = WORDS[language].accountVerified;
      return { category: 'kyc', type: 'success', title, message, textKey: 'accountVerified', textParams: {} };
    }
    const [title, message] = WORDS[language].verificationRejected;
    return { category: 'kyc', type: 'error', title, message: `${message}${reason(payload.reason, language)}`, textKey: 'verificationRejected', textParams: textParams({ reason: payload.reason }) };
  },
};
