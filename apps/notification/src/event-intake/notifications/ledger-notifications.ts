import { InvestmentLifecycleEvent, SecurityDepositEvent, TransactionEvent } from '@portal/contracts';
import { investmentName, isPositiveAmount } from '../../email/templates/investment.templates';
import { Language, Translated } from '../../email/templates/language';
import { formatAmount, formatDay } from '../../email/templates/layout';
import { Content, reason, textParams } from './content';

type SecurityDepositChange = 'created' | 'locked' | 'unlocked';

/** The bell's words in every language. Amounts, references and the admin's reason are handed in and kept as written. */
const WORDS: Translated<{
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
}> = {
  en: {
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
  },
  es: {
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
  },
  fr: {
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
  },
  de: {
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
  },
};

const SECURITY_DEPOSIT_KEYS: Record<SecurityDepositChange, string> = { created: 'securityDepositCreated', locked: 'securityDepositLocked', unlocked: 'securityDepositUnlocked' };

/** What the bell says for the ledger's events: money booked or refused, investments over their life, security deposits. */
export const LedgerNotifications = {
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
