import { Language, Translated } from './language';
import { composeEmail, displayName, formatAmount, formatUtc, greeting, plainText, RenderedEmail } from './layout';

export { formatAmount };

export interface TransactionEmailParams {
  firstName: string;
  /** Decimal string as on the wire, "1500.00". */
  amount: string;
  currency: string;
  reference: string;
  occurredAt: string;
  transactionsUrl: string;
}

export type RejectedTransactionKind = 'deposit' | 'withdrawal' | 'investment';

/** A deposit, withdrawal or investment payment an admin rejected, with the reason they gave (issue 30). */
export interface TransactionRejectedParams extends TransactionEmailParams {
  kind: RejectedTransactionKind;
  reason: string | null;
}

/** As long as the ledger keeps a reason: told in full. */
const REASON_MAX_LENGTH = 1000;

const WORDS: Translated<{
  rejectedSubject: Record<RejectedTransactionKind, string>;
  rejected: Record<RejectedTransactionKind, (amount: string, reference: string) => string>;
  released: string;
  reason: (reason: string) => string;
  questions: string;
  withdrawalSubject: string;
  withdrawalReceived: (amount: string, reference: string, when: string | null) => string;
  held: string;
  notYou: string;
  depositSubject: string;
  depositArrived: (amount: string, reference: string) => string;
  viewTransactions: string;
}> = {
  en: {
    rejectedSubject: { deposit: 'Your deposit was rejected', withdrawal: 'Your withdrawal was rejected', investment: 'Your investment payment was rejected' },
    rejected: {
      deposit: (amount, reference) => `Your deposit of ${amount} (reference ${reference}) was rejected and nothing was credited to your balance.`,
      withdrawal: (amount, reference) => `Your withdrawal of ${amount} (reference ${reference}) was rejected.`,
      investment: (amount, reference) => `Your investment payment of ${amount} (reference ${reference}) was rejected.`,
    },
    released: 'The amount held for it is available on your balance again.',
    reason: (reason) => `Reason given by our team: ${reason}`,
    questions: 'If you have questions about this decision, open a support ticket and our team will help.',
    withdrawalSubject: 'We received your withdrawal request',
    withdrawalReceived: (amount, reference, when) => `We received your request to withdraw ${amount} (reference ${reference}) on ${when ?? 'today'}.`,
    held: 'The amount is held on your balance while our finance team reviews the request and wires the funds. We will let you know when it is paid out.',
    notYou: 'If you did not make this request, contact support straight away.',
    depositSubject: 'Your deposit has been credited',
    depositArrived: (amount, reference) => `Your deposit of ${amount} (reference ${reference}) has arrived and is now available on your balance.`,
    viewTransactions: 'View your transactions',
  },
  es: {
    rejectedSubject: { deposit: 'Su depósito ha sido rechazado', withdrawal: 'Su retirada ha sido rechazada', investment: 'Su pago de inversión ha sido rechazado' },
    rejected: {
      deposit: (amount, reference) => `Su depósito de ${amount} (referencia ${reference}) ha sido rechazado y no se ha abonado nada en su saldo.`,
      withdrawal: (amount, reference) => `Su retirada de ${amount} (referencia ${reference}) ha sido rechazada.`,
      investment: (amount, reference) => `Su pago de inversión de ${amount} (referencia ${reference}) ha sido rechazado.`,
    },
    released: 'El importe retenido para ella vuelve a estar disponible en su saldo.',
    reason: (reason) => `Motivo indicado por nuestro equipo: ${reason}`,
    questions: 'Si tiene preguntas sobre esta decisión, abra un ticket de soporte y nuestro equipo le ayudará.',
    withdrawalSubject: 'Hemos recibido su solicitud de retirada',
    withdrawalReceived: (amount, reference, when) => `Hemos recibido su solicitud para retirar ${amount} (referencia ${reference}) ${when ? `el ${when}` : 'hoy'}.`,
    held: 'El importe queda retenido en su saldo mientras nuestro equipo financiero revisa la solicitud y transfiere los fondos. Le avisaremos cuando se haya pagado.',
    notYou: 'Si usted no ha realizado esta solicitud, póngase en contacto con el soporte de inmediato.',
    depositSubject: 'Su depósito ha sido abonado',
    depositArrived: (amount, reference) => `Su depósito de ${amount} (referencia ${reference}) ha llegado y ya está disponible en su saldo.`,
    viewTransactions: 'Ver sus transacciones',
  },
  fr: {
    rejectedSubject: { deposit: 'Votre dépôt a été refusé', withdrawal: 'Votre retrait a été refusé', investment: 'Votre paiement d’investissement a été refusé' },
    rejected: {
      deposit: (amount, reference) => `Votre dépôt de ${amount} (référence ${reference}) a été refusé et rien n’a été crédité sur votre solde.`,
      withdrawal: (amount, reference) => `Votre retrait de ${amount} (référence ${reference}) a été refusé.`,
      investment: (amount, reference) => `Votre paiement d’investissement de ${amount} (référence ${reference}) a été refusé.`,
    },
    released: 'Le montant bloqué pour ce retrait est de nouveau disponible sur votre solde.',
    reason: (reason) => `Motif indiqué par notre équipe : ${reason}`,
    questions: 'Si vous avez des questions sur cette décision, ouvrez un ticket de support et notre équipe vous aidera.',
    withdrawalSubject: 'Nous avons reçu votre demande de retrait',
    withdrawalReceived: (amount, reference, when) => `Nous avons reçu votre demande de retrait de ${amount} (référence ${reference}) ${when ? `le ${when}` : 'aujourd’hui'}.`,
    held: 'Le montant est bloqué sur votre solde pendant que notre équipe financière examine la demande et vire les fonds. Nous vous préviendrons dès qu’il aura été versé.',
    notYou: 'Si vous n’êtes pas à l’origine de cette demande, contactez immédiatement le support.',
    depositSubject: 'Votre dépôt a été crédité',
    depositArrived: (amount, reference) => `Votre dépôt de ${amount} (référence ${reference}) est arrivé et est maintenant disponible sur votre solde.`,
    viewTransactions: 'Voir vos transactions',
  },
  de: {
    rejectedSubject: { deposit: 'Ihre Einzahlung wurde abgelehnt', withdrawal: 'Ihre Auszahlung wurde abgelehnt', investment: 'Ihre Investitionszahlung wurde abgelehnt' },
    rejected: {
      deposit: (amount, reference) => `Ihre Einzahlung von ${amount} (Referenz ${reference}) wurde abgelehnt; Ihrem Guthaben wurde nichts gutgeschrieben.`,
      withdrawal: (amount, reference) => `Ihre Auszahlung von ${amount} (Referenz ${reference}) wurde abgelehnt.`,
      investment: (amount, reference) => `Ihre Investitionszahlung von ${amount} (Referenz ${reference}) wurde abgelehnt.`,
    },
    released: 'Der dafür einbehaltene Betrag steht Ihnen auf Ihrem Guthaben wieder zur Verfügung.',
    reason: (reason) => `Begründung unseres Teams: ${reason}`,
    questions: 'Wenn Sie Fragen zu dieser Entscheidung haben, eröffnen Sie ein Support-Ticket; unser Team hilft Ihnen gern.',
    withdrawalSubject: 'Wir haben Ihren Auszahlungsantrag erhalten',
    withdrawalReceived: (amount, reference, when) => `Wir haben ${when ? `am ${when}` : 'heute'} Ihren Antrag auf Auszahlung von ${amount} (Referenz ${reference}) erhalten.`,
    held: 'Der Betrag wird von Ihrem Guthaben einbehalten, während unser Finanzteam den Antrag prüft und die Mittel überweist. Wir informieren Sie, sobald er ausgezahlt ist.',
    notYou: 'Wenn Sie diesen Antrag nicht gestellt haben, wenden Sie sich bitte umgehend an den Support.',
    depositSubject: 'Ihre Einzahlung wurde gutgeschrieben',
    depositArrived: (amount, reference) => `Ihre Einzahlung von ${amount} (Referenz ${reference}) ist eingegangen und steht jetzt auf Ihrem Guthaben zur Verfügung.`,
    viewTransactions: 'Ihre Transaktionen ansehen',
  },
};

export function withdrawalRequestedTemplate(params: TransactionEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.withdrawalSubject,
    [
      greeting(params.firstName, language),
      words.withdrawalReceived(formatAmount(params.amount, params.currency, language), displayName(params.reference), formatUtc(params.occurredAt, language)),
      words.held,
      { action: { label: words.viewTransactions, url: params.transactionsUrl } },
      words.notYou,
    ],
    language,
  );
}

export function depositCompletedTemplate(params: TransactionEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.depositSubject,
    [
      greeting(params.firstName, language),
      words.depositArrived(formatAmount(params.amount, params.currency, language), displayName(params.reference)),
      { action: { label: words.viewTransactions, url: params.transactionsUrl } },
    ],
    language,
  );
}

export function transactionRejectedTemplate(params: TransactionRejectedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const reason = params.reason?.trim() ? [words.reason(plainText(params.reason, REASON_MAX_LENGTH))] : [];
  return composeEmail(
    words.rejectedSubject[params.kind],
    [
      greeting(params.firstName, language),
      words.rejected[params.kind](formatAmount(params.amount, params.currency, language), displayName(params.reference)),
      ...(params.kind === 'withdrawal' ? [words.released] : []),
      ...reason,
      words.questions,
      { action: { label: words.viewTransactions, url: params.transactionsUrl } },
    ],
    language,
  );
}
