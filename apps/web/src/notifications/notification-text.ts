import { i18n } from '../i18n/i18n';
import { money } from '../money/format';
import { formatDate } from '../ui/date-format';
import type { NotificationView } from './notifications-api';

type Shown = Pick<NotificationView, 'title' | 'message'>;
type Stored = Shown & Partial<Pick<NotificationView, 'textKey' | 'textParams'>>;
type Params = Record<string, string>;

const words = (key: string, values: Record<string, string> = {}) => i18n.t(`notifications:inbox.${key}` as string, values);

/** The sentence, then what is added when it applies (a reason, a tracking number), each in the language. */
const sentences = (...parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(' ');
const reason = (params: Params) => params.reason && words('reason', { reason: params.reason });
const amount = (params: Params, name = 'amount') => money(params[name], params.currency);
const known = (group: string, value: string) => (i18n.exists(`notifications:inbox.${group}.${value}`) ? value : 'other');

/** Each text the notification service keeps a code for, and the values it cannot be said without. */
const TEXTS: Record<string, { needs: string[]; say: (params: Params) => Shown }> = {
  applicationApproved: { needs: ['applicationType'], say: (params) => application('applicationApproved', params) },
  applicationRejected: { needs: ['applicationType'], say: (params) => application('applicationRejected', params) },
  applicationUnderReview: { needs: ['applicationType'], say: (params) => application('applicationUnderReview', params) },
  depositCompleted: transaction('depositCompleted'),
  depositRejected: transaction('depositRejected'),
  withdrawalCompleted: transaction('withdrawalCompleted'),
  withdrawalRejected: transaction('withdrawalRejected'),
  investmentPaid: transaction('investmentPaid'),
  investmentRejected: transaction('investmentRejected'),
  investmentActivated: {
    needs: ['investmentType', 'amount', 'currency'],
    say: (params) => ({
      title: words('investmentActivated.title'),
      message: sentences(
        words('investmentActivated.message', { investment: investment(params), amount: amount(params) }),
        params.startDate && params.maturityDate && words('investmentActivated.period', { start: formatDate(params.startDate), maturity: formatDate(params.maturityDate) }),
      ),
    }),
  },
  investmentMatured: {
    needs: ['investmentType', 'amount', 'returnAmount', 'feeAmount', 'paidOut', 'currency'],
    say: (params) => ({
      title: words('investmentMatured.title'),
      message: words('investmentMatured.message', {
        investment: investment(params),
        amount: amount(params),
        returnAmount: amount(params, 'returnAmount'),
        fee: amount(params, 'feeAmount'),
        paidOut: amount(params, 'paidOut'),
      }),
    }),
  },
  investmentCancelled: {
    needs: ['investmentType', 'amount', 'currency'],
    say: (params) => ({
      title: words('investmentCancelled.title'),
      message: sentences(words('investmentCancelled.message', { investment: investment(params), amount: amount(params) }), params.paidOut && words('investmentCancelled.returned', { paidOut: amount(params, 'paidOut') })),
    }),
  },
  securityDepositCreated: securityDeposit('securityDepositCreated'),
  securityDepositLocked: securityDeposit('securityDepositLocked'),
  securityDepositUnlocked: securityDeposit('securityDepositUnlocked'),
  documentApproved: { needs: ['documentType'], say: (params) => ({ title: words('documentApproved.title'), message: words('documentApproved.message', { document: documentName(params) }) }) },
  documentRejected: {
    needs: ['documentType'],
    say: (params) => ({ title: words('documentRejected.title'), message: sentences(words('documentRejected.message', { document: documentName(params) }), reason(params)) }),
  },
  // The admin's request is shown as they wrote it.
  documentsRequested: { needs: ['request'], say: (params) => ({ title: words('documentsRequested.title'), message: params.request }) },
  accountVerified: { needs: [], say: () => ({ title: words('accountVerified.title'), message: words('accountVerified.message') }) },
  verificationRejected: { needs: [], say: (params) => ({ title: words('verificationRejected.title'), message: sentences(words('verificationRejected.message'), reason(params)) }) },
  ticketAnswered: { needs: ['subject'], say: (params) => ({ title: words('ticketAnswered.title'), message: words('ticketAnswered.message', { subject: params.subject }) }) },
  cardRequested: card('cardRequested'),
  cardApproved: {
    needs: ['cardType', 'cardName'],
    say: (params) => ({ title: words('cardApproved.title'), message: words(params.cardType === 'virtual' ? 'cardApproved.virtual' : 'cardApproved.physical', { cardName: params.cardName }) }),
  },
  cardRejected: card('cardRejected'),
  cardDelivered: {
    needs: ['cardName'],
    say: (params) => ({
      title: words('cardDelivered.title'),
      message: sentences(words('cardDelivered.message', { cardName: params.cardName }), params.trackingNumber && words('cardDelivered.trackingNumber', { trackingNumber: params.trackingNumber })),
    }),
  },
  cardCancelled: card('cardCancelled'),
};

function application(key: string, params: Params): Shown {
  const kind = known('applications', params.applicationType);
  return { title: words(`${key}.title`), message: sentences(words(`${key}.message`, { application: words(`applications.${kind}`) }), reason(params)) };
}

function transaction(key: string) {
  return {
    needs: ['amount', 'currency', 'reference'],
    say: (params: Params): Shown => ({ title: words(`${key}.title`), message: sentences(words(`${key}.message`, { amount: amount(params), reference: params.reference }), reason(params)) }),
  };
}

function securityDeposit(key: string) {
  return {
    needs: ['amount', 'currency'],
    say: (params: Params): Shown => ({ title: words(`${key}.title`), message: sentences(words(`${key}.message`, { amount: amount(params) }), params.lockReason && words('lockReason', { lockReason: params.lockReason })) }),
  };
}

function card(key: string) {
  return {
    needs: ['cardType', 'cardName'],
    say: (params: Params): Shown => ({
      title: words(`${key}.title`),
      message: sentences(words(`${key}.message`, { cardType: words(`cardTypes.${known('cardTypes', params.cardType)}`), cardName: params.cardName }), reason(params)),
    }),
  };
}

function investment(params: Params): string {
  return words(`investments.${known('investments', params.investmentType)}`);
}

function documentName(params: Params): string {
  const type = params.documentType;
  return known('documents', type) === 'other' ? words('documents.other', { type }) : words(`documents.${type}`);
}

/**
 * A notification's title and message in the language the page is read in (issue 30): said
 * from its text code and raw values, amounts and dates in the reader's format. What the
 * server stored (in the recipient's saved language) is shown when there is no code (an
 * admin's broadcast, older notifications), the code is not one this app knows (a newer
 * server), or a value the sentence needs is missing.
 */
export function notificationText(notification: Stored): Shown {
  const { textKey, textParams } = notification;
  const text = textKey && Object.hasOwn(TEXTS, textKey) ? TEXTS[textKey] : undefined;
  const params = textParams ?? {};
  if (!text || text.needs.some((name) => !params[name]?.trim()) || (text.needs.includes('amount') && !isMoney(params))) return { title: notification.title, message: notification.message };
  return text.say(params);
}

/** Amounts as decimal strings and a currency Intl knows; anything else is said as stored rather than as "NaN". */
function isMoney(params: Params): boolean {
  const amounts = ['amount', 'returnAmount', 'feeAmount', 'paidOut'].filter((name) => params[name] !== undefined);
  if (!amounts.every((name) => /^-?\d+(\.\d+)?$/.test(params[name]))) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: params.currency });
    return true;
  } catch {
    return false;
  }
}
