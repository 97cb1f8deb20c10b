import { Language, Translated } from './language';
import { composeEmail, displayName, formatAmount, formatUtc, greeting, RenderedEmail } from './layout';

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

const WORDS: Translated<{
  withdrawalSubject: string;
  withdrawalReceived: (amount: string, reference: string, when: string | null) => string;
  held: string;
  notYou: string;
  depositSubject: string;
  depositArrived: (amount: string, reference: string) => string;
  viewTransactions: string;
}> = {
  en: {
    withdrawalSubject: 'We received your withdrawal request',
    withdrawalReceived: (amount, reference, when) => `We received your request to withdraw ${amount} (reference ${reference}) on ${when ?? 'today'}.`,
    held: 'The amount is held on your balance while our finance team reviews the request and wires the funds. We will let you know when it is paid out.',
    notYou: 'If you did not make this request, contact support straight away.',
    depositSubject: 'Your deposit has been credited',
    depositArrived: (amount, reference) => `Your deposit of ${amount} (reference ${reference}) has arrived and is now available on your balance.`,
    viewTransactions: 'View your transactions',
  },
  es: {
    withdrawalSubject: 'Hemos recibido su solicitud de retirada',
    withdrawalReceived: (amount, reference, when) => `Hemos recibido su solicitud para retirar ${amount} (referencia ${reference}) ${when ? `el ${when}` : 'hoy'}.`,
    held: 'El importe queda retenido en su saldo mientras nuestro equipo financiero revisa la solicitud y transfiere los fondos. Le avisaremos cuando se haya pagado.',
    notYou: 'Si usted no ha realizado esta solicitud, póngase en contacto con el soporte de inmediato.',
    depositSubject: 'Su depósito ha sido abonado',
    depositArrived: (amount, reference) => `Su depósito de ${amount} (referencia ${reference}) ha llegado y ya está disponible en su saldo.`,
    viewTransactions: 'Ver sus transacciones',
  },
  fr: {
    withdrawalSubject: 'Nous avons reçu votre demande de retrait',
    withdrawalReceived: (amount, reference, when) => `Nous avons reçu votre demande de retrait de ${amount} (référence ${reference}) ${when ? `le ${when}` : 'aujourd’hui'}.`,
    held: 'Le montant est bloqué sur votre solde pendant que notre équipe financière examine la demande et vire les fonds. Nous vous préviendrons dès qu’il aura été versé.',
    notYou: 'Si vous n’êtes pas à l’origine de cette demande, contactez immédiatement le support.',
    depositSubject: 'Votre dépôt a été crédité',
    depositArrived: (amount, reference) => `Votre dépôt de ${amount} (référence ${reference}) est arrivé et est maintenant disponible sur votre solde.`,
    viewTransactions: 'Voir vos transactions',
  },
  de: {
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
