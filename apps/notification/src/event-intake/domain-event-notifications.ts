import {
  ApplicationReviewedEvent,
  InvestmentLifecycleEvent,
  KycDocumentRequestedEvent,
  KycDocumentReviewedEvent,
  KycStatusChangedEvent,
  SecurityDepositEvent,
  TicketEvent,
  TransactionEvent,
} from '@portal/contracts';
import { applicationKind } from '../email/templates/application-decision.template';
import { investmentName, isPositiveAmount } from '../email/templates/investment.templates';
import { Language, Translated } from '../email/templates/language';
import { formatAmount, formatDay } from '../email/templates/layout';
import { NewNotification, NotificationTextParams } from '../inbox/inbox';

/**
 * The bell's text for one event: written out in the recipient's saved language (the fallback,
 * and what exports show), and as a code with its raw values (amounts as decimal strings with
 * their currency, dates as ISO, what people wrote as written) so the web app can say it in
 * the language the page is read in (issue 30). The codes are the web's
 * `notifications:inbox.<textKey>` texts (apps/web/src/notifications/notification-text.ts).
 */
export type Content = Pick<NewNotification, 'title' | 'message' | 'type' | 'category'> & { textKey: string; textParams: NotificationTextParams };

/** Only the values that are there: an absent reason or tracking number is not sent as an empty one. */
export function textParams(values: Record<string, string | null | undefined>): NotificationTextParams {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '').map(([name, value]) => [name, value.trim()]));
}

type DocumentKind = 'id' | 'tax' | 'partnership';
type SecurityDepositChange = 'created' | 'locked' | 'unlocked';

/**
 * The bell's words in every language. Amounts, references and what people wrote (reasons,
 * ticket subjects, an admin's request) are handed in and kept as written.
 */
const WORDS: Translated<{
  reason: (text: string) => string;
  applicationApproved: [title: string, message: (kind: string) => string];
  applicationRejected: [title: string, message: (kind: string) => string];
  applicationUnderReview: [title: string, message: (kind: string) => string];
  depositCompleted: [title: string, message: (amount: string, reference: string) => string];
  depositRejected: [title: string, message: (amount: string, reference: string) => string];
  withdrawalCompleted: [title: string, message: (amount: string, reference: string) => string];
  withdrawalRejected: [title: string, message: (amount: string, reference: string) => string];
  investmentPaid: [title: string, message: (amount: string, reference: string) => string];
  investmentRejected: [title: string, message: (amount: string, reference: string) => string];
  /** The investment is a noun phrase after "your" (investment.templates investmentName). */
  investmentActivated: [title: string, message: (investment: string, amount: string) => string, period: (start: string, maturity: string) => string];
  investmentMatured: [title: string, message: (investment: string, amount: string, returnAmount: string, fee: string, paidOut: string) => string];
  investmentCancelled: [title: string, message: (investment: string, amount: string) => string, returned: (paidOut: string) => string];
  securityDeposit: Record<SecurityDepositChange, [title: string, message: (amount: string) => string]>;
  /** The document as the sentences below take it; `other` for a type this table does not know. */
  documents: Record<DocumentKind, string> & { other: (documentType: string) => string };
  documentApproved: [title: string, message: (document: string) => string];
  documentRejected: [title: string, message: (document: string) => string];
  documentsRequested: string;
  accountVerified: [title: string, message: string];
  verificationRejected: [title: string, message: string];
  ticketAnswered: [title: string, message: (subject: string) => string];
}> = {
  en: {
    reason: (text) => ` Reason: ${text}`,
    applicationApproved: ['Application approved', (kind) => `Your ${kind} investment application has been approved.`],
    applicationRejected: ['Application rejected', (kind) => `Your ${kind} investment application was not approved.`],
    applicationUnderReview: ['Application under review', (kind) => `Your ${kind} investment application is now being reviewed.`],
    depositCompleted: ['Deposit completed', (amount, reference) => `Your deposit of ${amount} (${reference}) has been credited to your balance.`],
    depositRejected: ['Deposit rejected', (amount, reference) => `Your deposit of ${amount} (${reference}) was rejected.`],
    withdrawalCompleted: ['Withdrawal completed', (amount, reference) => `Your withdrawal of ${amount} (${reference}) has been paid out.`],
    withdrawalRejected: ['Withdrawal rejected', (amount, reference) => `Your withdrawal of ${amount} (${reference}) was rejected and the held amount is available again.`],
    investmentPaid: ['Investment payment received', (amount, reference) => `Your investment payment of ${amount} (${reference}) has been received and invested.`],
    investmentRejected: ['Investment payment rejected', (amount, reference) => `Your investment payment of ${amount} (${reference}) was rejected.`],
    investmentActivated: [
      'Investment active',
      (investment, amount) => `Your ${investment} of ${amount} is fully funded and now active.`,
      (start, maturity) => ` It earns returns from ${start} and matures on ${maturity}.`,
    ],
    investmentMatured: [
      'Investment matured',
      (investment, amount, returnAmount, fee, paidOut) => `Your ${investment} of ${amount} has matured with a return of ${returnAmount} and a fee of ${fee}. ${paidOut} has been paid to your available balance.`,
    ],
    investmentCancelled: [
      'Investment cancelled',
      (investment, amount) => `Your ${investment} of ${amount} has been cancelled.`,
      (paidOut) => ` ${paidOut} has been returned to your available balance.`,
    ],
    securityDeposit: {
      created: ['Security deposit created', (amount) => `A security deposit of ${amount} was created and locked for your investment protection.`],
      locked: ['Security deposit locked', (amount) => `Your security deposit of ${amount} is locked.`],
      unlocked: ['Security deposit unlocked', (amount) => `Your security deposit of ${amount} has been unlocked.`],
    },
    documents: { id: 'identity document', tax: 'tax document', partnership: 'partnership document', other: (documentType) => `${documentType} document` },
    documentApproved: ['Document approved', (document) => `Your ${document} has been approved.`],
    documentRejected: ['Document rejected', (document) => `Your ${document} was rejected. Please upload it again.`],
    documentsRequested: 'Documents requested',
    accountVerified: ['Account verified', 'Your identity verification (KYC) has been approved.'],
    verificationRejected: ['Verification not approved', 'Your identity verification (KYC) was not approved.'],
    ticketAnswered: ['Support ticket answered', (subject) => `Our support team answered your ticket "${subject}".`],
  },
  es: {
    reason: (text) => ` Motivo: ${text}`,
    applicationApproved: ['Solicitud aprobada', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} ha sido aprobada.`],
    applicationRejected: ['Solicitud rechazada', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} no ha sido aprobada.`],
    applicationUnderReview: ['Solicitud en revisión', (kind) => `Su solicitud de inversión${kind ? ` ${kind}` : ''} está siendo revisada.`],
    depositCompleted: ['Depósito completado', (amount, reference) => `Su depósito de ${amount} (${reference}) ha sido abonado en su saldo.`],
    depositRejected: ['Depósito rechazado', (amount, reference) => `Su depósito de ${amount} (${reference}) ha sido rechazado.`],
    withdrawalCompleted: ['Retirada completada', (amount, reference) => `Su retirada de ${amount} (${reference}) ha sido pagada.`],
    withdrawalRejected: ['Retirada rechazada', (amount, reference) => `Su retirada de ${amount} (${reference}) ha sido rechazada y el importe retenido vuelve a estar disponible.`],
    investmentPaid: ['Pago de inversión recibido', (amount, reference) => `Su pago de inversión de ${amount} (${reference}) se ha recibido e invertido.`],
    investmentRejected: ['Pago de inversión rechazado', (amount, reference) => `Su pago de inversión de ${amount} (${reference}) ha sido rechazado.`],
    investmentActivated: [
      'Inversión activa',
      (investment, amount) => `Su ${investment} de ${amount} está totalmente financiada y ya está activa.`,
      (start, maturity) => ` Genera rendimientos desde el ${start} y vence el ${maturity}.`,
    ],
    investmentMatured: [
      'Inversión vencida',
      (investment, amount, returnAmount, fee, paidOut) => `Su ${investment} de ${amount} ha vencido con un rendimiento de ${returnAmount} y una comisión de ${fee}. Se han abonado ${paidOut} en su saldo disponible.`,
    ],
    investmentCancelled: [
      'Inversión cancelada',
      (investment, amount) => `Su ${investment} de ${amount} ha sido cancelada.`,
      (paidOut) => ` Se han devuelto ${paidOut} a su saldo disponible.`,
    ],
    securityDeposit: {
      created: ['Depósito de garantía creado', (amount) => `Se ha creado un depósito de garantía de ${amount}, bloqueado para la protección de su inversión.`],
      locked: ['Depósito de garantía bloqueado', (amount) => `Su depósito de garantía de ${amount} está bloqueado.`],
      unlocked: ['Depósito de garantía desbloqueado', (amount) => `Su depósito de garantía de ${amount} ha sido desbloqueado.`],
    },
    documents: { id: 'documento de identidad', tax: 'documento fiscal', partnership: 'documento de asociación', other: (documentType) => `documento (${documentType})` },
    documentApproved: ['Documento aprobado', (document) => `Su ${document} ha sido aprobado.`],
    documentRejected: ['Documento rechazado', (document) => `Su ${document} ha sido rechazado. Vuelva a subirlo, por favor.`],
    documentsRequested: 'Documentos solicitados',
    accountVerified: ['Cuenta verificada', 'Su verificación de identidad (KYC) ha sido aprobada.'],
    verificationRejected: ['Verificación no aprobada', 'Su verificación de identidad (KYC) no ha sido aprobada.'],
    ticketAnswered: ['Ticket de soporte respondido', (subject) => `Nuestro equipo de soporte ha respondido a su ticket «${subject}».`],
  },
  fr: {
    reason: (text) => ` Motif : ${text}`,
    applicationApproved: ['Demande approuvée', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} a été approuvée.`],
    applicationRejected: ['Demande refusée', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} n’a pas été approuvée.`],
    applicationUnderReview: ['Demande en cours d’examen', (kind) => `Votre demande d’investissement${kind ? ` ${kind}` : ''} est en cours d’examen.`],
    depositCompleted: ['Dépôt effectué', (amount, reference) => `Votre dépôt de ${amount} (${reference}) a été crédité sur votre solde.`],
    depositRejected: ['Dépôt refusé', (amount, reference) => `Votre dépôt de ${amount} (${reference}) a été refusé.`],
    withdrawalCompleted: ['Retrait effectué', (amount, reference) => `Votre retrait de ${amount} (${reference}) a été versé.`],
    withdrawalRejected: ['Retrait refusé', (amount, reference) => `Votre retrait de ${amount} (${reference}) a été refusé et le montant bloqué est de nouveau disponible.`],
    investmentPaid: ['Paiement d’investissement reçu', (amount, reference) => `Votre paiement d’investissement de ${amount} (${reference}) a été reçu et investi.`],
    investmentRejected: ['Paiement d’investissement refusé', (amount, reference) => `Votre paiement d’investissement de ${amount} (${reference}) a été refusé.`],
    investmentActivated: [
      'Investissement actif',
      (investment, amount) => `Votre ${investment} de ${amount} est entièrement financé et désormais actif.`,
      (start, maturity) => ` Il produit des rendements à partir du ${start} et arrive à échéance le ${maturity}.`,
    ],
    investmentMatured: [
      'Investissement arrivé à échéance',
      (investment, amount, returnAmount, fee, paidOut) => `Votre ${investment} de ${amount} est arrivé à échéance avec un rendement de ${returnAmount} et des frais de ${fee}. ${paidOut} ont été versés sur votre solde disponible.`,
    ],
    investmentCancelled: [
      'Investissement annulé',
      (investment, amount) => `Votre ${investment} de ${amount} a été annulé.`,
      (paidOut) => ` ${paidOut} ont été reversés sur votre solde disponible.`,
    ],
    securityDeposit: {
      created: ['Dépôt de garantie créé', (amount) => `Un dépôt de garantie de ${amount} a été créé et bloqué pour la protection de votre investissement.`],
      locked: ['Dépôt de garantie bloqué', (amount) => `Votre dépôt de garantie de ${amount} est bloqué.`],
      unlocked: ['Dépôt de garantie débloqué', (amount) => `Votre dépôt de garantie de ${amount} a été débloqué.`],
    },
    documents: { id: 'document d’identité', tax: 'document fiscal', partnership: 'document de partenariat', other: (documentType) => `document (${documentType})` },
    documentApproved: ['Document approuvé', (document) => `Votre ${document} a été approuvé.`],
    documentRejected: ['Document refusé', (document) => `Votre ${document} a été refusé. Veuillez le téléverser à nouveau.`],
    documentsRequested: 'Documents demandés',
    accountVerified: ['Compte vérifié', 'Votre vérification d’identité (KYC) a été approuvée.'],
    verificationRejected: ['Vérification non approuvée', 'Votre vérification d’identité (KYC) n’a pas été approuvée.'],
    ticketAnswered: ['Réponse à votre ticket de support', (subject) => `Notre équipe de support a répondu à votre ticket « ${subject} ».`],
  },
  de: {
    reason: (text) => ` Grund: ${text}`,
    // The kinds are whole noun phrases ("Antrag auf eine private Anlage", see the application email).
    applicationApproved: ['Antrag genehmigt', (kind) => `Ihr ${kind} wurde genehmigt.`],
    applicationRejected: ['Antrag abgelehnt', (kind) => `Ihr ${kind} wurde nicht genehmigt.`],
    applicationUnderReview: ['Antrag in Prüfung', (kind) => `Ihr ${kind} wird jetzt geprüft.`],
    depositCompleted: ['Einzahlung abgeschlossen', (amount, reference) => `Ihre Einzahlung von ${amount} (${reference}) wurde Ihrem Guthaben gutgeschrieben.`],
    depositRejected: ['Einzahlung abgelehnt', (amount, reference) => `Ihre Einzahlung von ${amount} (${reference}) wurde abgelehnt.`],
    withdrawalCompleted: ['Auszahlung abgeschlossen', (amount, reference) => `Ihre Auszahlung von ${amount} (${reference}) wurde an Sie überwiesen.`],
    withdrawalRejected: ['Auszahlung abgelehnt', (amount, reference) => `Ihre Auszahlung von ${amount} (${reference}) wurde abgelehnt; der einbehaltene Betrag steht Ihnen wieder zur Verfügung.`],
    investmentPaid: ['Investitionszahlung eingegangen', (amount, reference) => `Ihre Investitionszahlung von ${amount} (${reference}) ist eingegangen und wurde investiert.`],
    investmentRejected: ['Investitionszahlung abgelehnt', (amount, reference) => `Ihre Investitionszahlung von ${amount} (${reference}) wurde abgelehnt.`],
    investmentActivated: [
      'Anlage aktiv',
      (investment, amount) => `Ihre ${investment} über ${amount} ist vollständig finanziert und jetzt aktiv.`,
      (start, maturity) => ` Sie erwirtschaftet ab dem ${start} Erträge und wird am ${maturity} fällig.`,
    ],
    investmentMatured: [
      'Anlage fällig geworden',
      (investment, amount, returnAmount, fee, paidOut) => `Ihre ${investment} über ${amount} ist mit einem Ertrag von ${returnAmount} und einer Gebühr von ${fee} fällig geworden. ${paidOut} wurden Ihrem verfügbaren Guthaben gutgeschrieben.`,
    ],
    investmentCancelled: [
      'Anlage storniert',
      (investment, amount) => `Ihre ${investment} über ${amount} wurde storniert.`,
      (paidOut) => ` ${paidOut} wurden Ihrem verfügbaren Guthaben wieder gutgeschrieben.`,
    ],
    securityDeposit: {
      created: ['Sicherheitseinlage erstellt', (amount) => `Eine Sicherheitseinlage von ${amount} wurde erstellt und zum Schutz Ihrer Anlage gesperrt.`],
      locked: ['Sicherheitseinlage gesperrt', (amount) => `Ihre Sicherheitseinlage von ${amount} ist gesperrt.`],
      unlocked: ['Sicherheitseinlage freigegeben', (amount) => `Ihre Sicherheitseinlage von ${amount} wurde freigegeben.`],
    },
    // All neuter, so "Ihr ... wurde" and "es" fit each.
    documents: { id: 'Ausweisdokument', tax: 'Steuerdokument', partnership: 'Partnerschaftsdokument', other: (documentType) => `Dokument (${documentType})` },
    documentApproved: ['Dokument genehmigt', (document) => `Ihr ${document} wurde genehmigt.`],
    documentRejected: ['Dokument abgelehnt', (document) => `Ihr ${document} wurde abgelehnt. Bitte laden Sie es erneut hoch.`],
    documentsRequested: 'Dokumente angefordert',
    accountVerified: ['Konto verifiziert', 'Ihre Identitätsprüfung (KYC) wurde genehmigt.'],
    verificationRejected: ['Verifizierung nicht genehmigt', 'Ihre Identitätsprüfung (KYC) wurde nicht genehmigt.'],
    ticketAnswered: ['Support-Ticket beantwortet', (subject) => `Unser Support-Team hat Ihr Ticket „${subject}“ beantwortet.`],
  },
};

/** " Reason: …" in the language, with the person's words as written; nothing when they gave none. */
export function reason(text: string | null | undefined, language: Language): string {
  return text?.trim() ? WORDS[language].reason(text.trim()) : '';
}

function documentName(documentType: string, language: Language): string {
  const documents = WORDS[language].documents;
  return documentType === 'id' || documentType === 'tax' || documentType === 'partnership' ? documents[documentType] : documents.other(documentType);
}

/** Only a decision concerns the customer: the pending status opened at sign-up does not. */
export function isKycDecision(payload: KycStatusChangedEvent): payload is KycStatusChangedEvent & { kycStatus: 'verified' | 'rejected' } {
  return payload.kycStatus === 'verified' || payload.kycStatus === 'rejected';
}

const SECURITY_DEPOSIT_KEYS: Record<SecurityDepositChange, string> = { created: 'securityDepositCreated', locked: 'securityDepositLocked', unlocked: 'securityDepositUnlocked' };

/** What the user reads in the bell for each event that concerns them, in their language, with its code and values. */
export const DomainEventNotifications = {
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
  depositCompleted: (payload: TransactionEvent, language: Language): Content => transactionNotice('depositCompleted', 'success', payload, language),
  depositRejected: (payload: TransactionEvent, language: Language): Content => transactionNotice('depositRejected', 'error', payload, language),
  withdrawalCompleted: (payload: TransactionEvent, language: Language): Content => transactionNotice('withdrawalCompleted', 'success', payload, language),
  withdrawalRejected: (payload: TransactionEvent, language: Language): Content => transactionNotice('withdrawalRejected', 'error', payload, language),
  investmentPaid: (payload: TransactionEvent, language: Language): Content => transactionNotice('investmentPaid', 'success', payload, language),
  investmentRejected: (payload: TransactionEvent, language: Language): Content => transactionNotice('investmentRejected', 'error', payload, language),
  /** Fully funded: earning from its start date until its maturity date. */
  investmentActivated(payload: InvestmentLifecycleEvent, language: Language): Content {
    const [title, message, period] = WORDS[language].investmentActivated;
    const start = formatDay(payload.startDate, language);
    const maturity = formatDay(payload.maturityDate, language);
    const text = message(investmentName(payload.investmentType, language), formatAmount(payload.amount, payload.currency, language));
    return {
      category: 'transaction',
      type: 'success',
      title,
      message: `${text}${start && maturity ? period(start, maturity) : ''}`,
      textKey: 'investmentActivated',
      // Both dates or neither, as the sentence says the period only with both.
      textParams: textParams({ investmentType: payload.investmentType, amount: payload.amount, currency: payload.currency, ...(start && maturity ? { startDate: payload.startDate, maturityDate: payload.maturityDate } : {}) }),
    };
  },
  /** Principal, return and fee, and what reached the available balance, each as money in the investment's currency. */
  investmentMatured(payload: InvestmentLifecycleEvent, language: Language): Content {
    const [title, message] = WORDS[language].investmentMatured;
    const money = (amount: string) => formatAmount(amount, payload.currency, language);
    return {
      category: 'transaction',
      type: 'success',
      title,
      message: message(investmentName(payload.investmentType, language), money(payload.amount), money(payload.returnAmount), money(payload.feeAmount), money(payload.paidOut)),
      textKey: 'investmentMatured',
      textParams: textParams({
        investmentType: payload.investmentType,
        amount: payload.amount,
        returnAmount: payload.returnAmount,
        feeAmount: payload.feeAmount,
        paidOut: payload.paidOut,
        currency: payload.currency,
      }),
    };
  },
  /** What came back to the available balance is said only when something had been paid in. */
  investmentCancelled(payload: InvestmentLifecycleEvent, language: Language): Content {
    const [title, message, returned] = WORDS[language].investmentCancelled;
    const text = message(investmentName(payload.investmentType, language), formatAmount(payload.amount, payload.currency, language));
    const paidOut = isPositiveAmount(payload.paidOut) ? payload.paidOut : null;
    return {
      category: 'transaction',
      type: 'warning',
      title,
      message: `${text}${paidOut ? returned(formatAmount(paidOut, payload.currency, language)) : ''}`,
      textKey: 'investmentCancelled',
      textParams: textParams({ investmentType: payload.investmentType, amount: payload.amount, currency: payload.currency, paidOut }),
    };
  },
  securityDeposit(change: SecurityDepositChange, payload: SecurityDepositEvent, language: Language): Content {
    const [title, message] = WORDS[language].securityDeposit[change];
    const text = message(formatAmount(payload.amount, payload.currency, language));
    return {
      category: 'security_deposit',
      type: change === 'unlocked' ? 'warning' : 'info',
      title,
      message: `${text}${payload.lockReason ? ` (${payload.lockReason})` : ''}`,
      textKey: SECURITY_DEPOSIT_KEYS[change],
      textParams: textParams({ amount: payload.amount, currency: payload.currency, lockReason: payload.lockReason }),
    };
  },
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
  ticketAnswered(payload: TicketEvent, language: Language): Content {
    const [title, message] = WORDS[language].ticketAnswered;
    return { category: 'support', type: 'info', title, message: message(payload.subject), textKey: 'ticketAnswered', textParams: textParams({ subject: payload.subject }) };
  },
};

type TransactionNotice = 'depositCompleted' | 'depositRejected' | 'withdrawalCompleted' | 'withdrawalRejected' | 'investmentPaid' | 'investmentRejected';

/** A deposit, withdrawal or investment payment booked or refused: its amount and reference, and the admin's reason when refused. */
function transactionNotice(key: TransactionNotice, type: 'success' | 'error', payload: TransactionEvent, language: Language): Content {
  const [title, message] = WORDS[language][key];
  const refused = type === 'error';
  return {
    category: 'transaction',
    type,
    title,
    message: `${message(formatAmount(payload.amount, payload.currency, language), payload.reference)}${refused ? reason(payload.reason, language) : ''}`,
    textKey: key,
    textParams: textParams({ amount: payload.amount, currency: payload.currency, reference: payload.reference, ...(refused ? { reason: payload.reason } : {}) }),
  };
}
