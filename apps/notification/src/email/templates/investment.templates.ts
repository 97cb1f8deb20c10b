import { Language, Translated } from './language';
import { composeEmail, describeMonths, formatAmount, formatDay, greeting, RenderedEmail } from './layout';

/**
 * An investment's life as the ledger announces it (activated, matured, cancelled). Amounts
 * are decimal strings as on the wire ("10000.00"), dates calendar days ("2026-11-29").
 */
export interface InvestmentEmailParams {
  firstName: string;
  investmentType: string;
  /** The principal. */
  amount: string;
  currency: string;
  returnAmount: string;
  feeAmount: string;
  /** Matured: principal + return − fee paid to the available balance. Cancelled: the funded part returned. */
  paidOut: string;
  startDate: string | null;
  maturityDate: string | null;
  durationMonths: number;
  investmentsUrl: string;
}

type Kind = 'personal' | 'corporate' | 'gipp' | 'other';

const WORDS: Translated<{
  /** The investment as a noun phrase after "your" (German: all feminine, after "Ihre"). */
  investments: Record<Kind, string>;
  activatedSubject: string;
  activated: (investment: string, amount: string) => string;
  period: (start: string, maturity: string, term: string) => string;
  atMaturity: string;
  viewInvestments: string;
  maturedSubject: string;
  matured: (investment: string, on: string | null) => string;
  principal: (amount: string) => string;
  return: (amount: string) => string;
  fee: (amount: string) => string;
  paidOut: (amount: string) => string;
  available: string;
  cancelledSubject: string;
  cancelled: (investment: string, amount: string) => string;
  returned: (amount: string) => string;
  questions: string;
}> = {
  en: {
    investments: { personal: 'personal investment', corporate: 'corporate investment', gipp: 'GIPP investment', other: 'investment' },
    activatedSubject: 'Your investment is active',
    activated: (investment, amount) => `Your ${investment} of ${amount} is fully funded and now active.`,
    period: (start, maturity, term) => `It earns returns from ${start} and matures on ${maturity} (${term}).`,
    atMaturity: 'At maturity, the principal and the return, less the platform fee, will be paid to your available balance.',
    viewInvestments: 'View your investments',
    maturedSubject: 'Your investment has matured',
    matured: (investment, on) => `Your ${investment} matured${on ? ` on ${on}` : ''} and has been paid out:`,
    principal: (amount) => `Principal: ${amount}`,
    return: (amount) => `Return: ${amount}`,
    fee: (amount) => `Platform fee: ${amount}`,
    paidOut: (amount) => `Paid to your available balance: ${amount}`,
    available: 'The money is available on your balance now: you can withdraw it or invest it again.',
    cancelledSubject: 'Your investment was cancelled',
    cancelled: (investment, amount) => `Your ${investment} of ${amount} has been cancelled.`,
    returned: (amount) => `The amount you had paid into it, ${amount}, has been returned to your available balance.`,
    questions: 'If you have questions, open a support ticket and our team will help.',
  },
  es: {
    investments: { personal: 'inversión personal', corporate: 'inversión corporativa', gipp: 'inversión GIPP', other: 'inversión' },
    activatedSubject: 'Su inversión está activa',
    activated: (investment, amount) => `Su ${investment} de ${amount} está totalmente financiada y ya está activa.`,
    period: (start, maturity, term) => `Genera rendimientos desde el ${start} y vence el ${maturity} (${term}).`,
    atMaturity: 'Al vencimiento, el capital y el rendimiento, menos la comisión de la plataforma, se abonarán en su saldo disponible.',
    viewInvestments: 'Ver sus inversiones',
    maturedSubject: 'Su inversión ha vencido',
    matured: (investment, on) => `Su ${investment} ha vencido${on ? ` el ${on}` : ''} y se ha liquidado:`,
    principal: (amount) => `Capital: ${amount}`,
    return: (amount) => `Rendimiento: ${amount}`,
    fee: (amount) => `Comisión de la plataforma: ${amount}`,
    paidOut: (amount) => `Abonado en su saldo disponible: ${amount}`,
    available: 'El importe ya está disponible en su saldo: puede retirarlo o volver a invertirlo.',
    cancelledSubject: 'Su inversión ha sido cancelada',
    cancelled: (investment, amount) => `Su ${investment} de ${amount} ha sido cancelada.`,
    returned: (amount) => `El importe que había pagado, ${amount}, se ha devuelto a su saldo disponible.`,
    questions: 'Si tiene preguntas, abra un ticket de soporte y nuestro equipo le ayudará.',
  },
  fr: {
    investments: { personal: 'investissement personnel', corporate: 'investissement d’entreprise', gipp: 'investissement GIPP', other: 'investissement' },
    activatedSubject: 'Votre investissement est actif',
    activated: (investment, amount) => `Votre ${investment} de ${amount} est entièrement financé et désormais actif.`,
    period: (start, maturity, term) => `Il produit des rendements à partir du ${start} et arrive à échéance le ${maturity} (${term}).`,
    atMaturity: 'À l’échéance, le capital et le rendement, diminués des frais de la plateforme, seront versés sur votre solde disponible.',
    viewInvestments: 'Voir vos investissements',
    maturedSubject: 'Votre investissement est arrivé à échéance',
    matured: (investment, on) => `Votre ${investment} est arrivé à échéance${on ? ` le ${on}` : ''} et a été réglé :`,
    principal: (amount) => `Capital : ${amount}`,
    return: (amount) => `Rendement : ${amount}`,
    fee: (amount) => `Frais de la plateforme : ${amount}`,
    paidOut: (amount) => `Versé sur votre solde disponible : ${amount}`,
    available: 'Ce montant est dès maintenant disponible sur votre solde : vous pouvez le retirer ou le réinvestir.',
    cancelledSubject: 'Votre investissement a été annulé',
    cancelled: (investment, amount) => `Votre ${investment} de ${amount} a été annulé.`,
    returned: (amount) => `Le montant que vous y aviez versé, ${amount}, a été reversé sur votre solde disponible.`,
    questions: 'Si vous avez des questions, ouvrez un ticket de support et notre équipe vous aidera.',
  },
  de: {
    investments: { personal: 'private Anlage', corporate: 'Unternehmensanlage', gipp: 'GIPP-Anlage', other: 'Anlage' },
    activatedSubject: 'Ihre Anlage ist aktiv',
    activated: (investment, amount) => `Ihre ${investment} über ${amount} ist vollständig finanziert und jetzt aktiv.`,
    period: (start, maturity, term) => `Sie erwirtschaftet ab dem ${start} Erträge und wird am ${maturity} fällig (${term}).`,
    atMaturity: 'Bei Fälligkeit werden Ihnen das Kapital und der Ertrag abzüglich der Plattformgebühr auf Ihrem verfügbaren Guthaben gutgeschrieben.',
    viewInvestments: 'Ihre Anlagen ansehen',
    maturedSubject: 'Ihre Anlage ist fällig geworden',
    matured: (investment, on) => `Ihre ${investment} ist${on ? ` am ${on}` : ''} fällig geworden und wurde abgerechnet:`,
    principal: (amount) => `Kapital: ${amount}`,
    return: (amount) => `Ertrag: ${amount}`,
    fee: (amount) => `Plattformgebühr: ${amount}`,
    paidOut: (amount) => `Ihrem verfügbaren Guthaben gutgeschrieben: ${amount}`,
    available: 'Der Betrag steht Ihnen jetzt auf Ihrem Guthaben zur Verfügung: Sie können ihn auszahlen lassen oder erneut anlegen.',
    cancelledSubject: 'Ihre Anlage wurde storniert',
    cancelled: (investment, amount) => `Ihre ${investment} über ${amount} wurde storniert.`,
    returned: (amount) => `Der Betrag, den Sie bereits eingezahlt hatten (${amount}), wurde Ihrem verfügbaren Guthaben wieder gutgeschrieben.`,
    questions: 'Wenn Sie Fragen haben, eröffnen Sie ein Support-Ticket; unser Team hilft Ihnen gern.',
  },
};

function kindOf(investmentType: string): Kind {
  return investmentType === 'personal' || investmentType === 'corporate' || investmentType === 'gipp' ? investmentType : 'other';
}

/** The investment in a language's words, as a noun phrase after "your" (the in-app notifications say it the same way). */
export function investmentName(investmentType: string, language: Language): string {
  return WORDS[language].investments[kindOf(investmentType)];
}

/** Whether a decimal string ("0.00", "4000.00") is more than zero, without reading it as a float. */
export function isPositiveAmount(amount: string): boolean {
  return !amount.trim().startsWith('-') && /[1-9]/.test(amount);
}

/** "It earns returns from 29 November 2026 and matures on 29 May 2027 (6 months)."; nothing when a date is missing. */
function period(params: Pick<InvestmentEmailParams, 'startDate' | 'maturityDate' | 'durationMonths'>, language: Language): string[] {
  const start = formatDay(params.startDate, language);
  const maturity = formatDay(params.maturityDate, language);
  return start && maturity ? [WORDS[language].period(start, maturity, describeMonths(params.durationMonths, language))] : [];
}

export function investmentActivatedTemplate(params: InvestmentEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.activatedSubject,
    [
      greeting(params.firstName, language),
      words.activated(investmentName(params.investmentType, language), formatAmount(params.amount, params.currency, language)),
      ...period(params, language),
      words.atMaturity,
      { action: { label: words.viewInvestments, url: params.investmentsUrl } },
    ],
    language,
  );
}

/** Every amount of the payout, each as money in the investment's currency. */
export function investmentMaturedTemplate(params: InvestmentEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const money = (amount: string) => formatAmount(amount, params.currency, language);
  return composeEmail(
    words.maturedSubject,
    [
      greeting(params.firstName, language),
      words.matured(investmentName(params.investmentType, language), formatDay(params.maturityDate, language)),
      words.principal(money(params.amount)),
      words.return(money(params.returnAmount)),
      words.fee(money(params.feeAmount)),
      words.paidOut(money(params.paidOut)),
      words.available,
      { action: { label: words.viewInvestments, url: params.investmentsUrl } },
    ],
    language,
  );
}

/** Says what came back to the balance only when something had been paid into the investment. */
export function investmentCancelledTemplate(params: InvestmentEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const returned = isPositiveAmount(params.paidOut) ? [words.returned(formatAmount(params.paidOut, params.currency, language))] : [];
  return composeEmail(
    words.cancelledSubject,
    [
      greeting(params.firstName, language),
      words.cancelled(investmentName(params.investmentType, language), formatAmount(params.amount, params.currency, language)),
      ...returned,
      words.questions,
      { action: { label: words.viewInvestments, url: params.investmentsUrl } },
    ],
    language,
  );
}
