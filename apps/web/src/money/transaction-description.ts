import { i18n } from '../i18n/i18n';
import { money } from './format';
import type { TransactionView } from './money-api';

type Described = Pick<TransactionView, 'type' | 'method' | 'amount' | 'currency' | 'reference' | 'description' | 'details'>;

const words = (key: string, values: Record<string, string> = {}) => i18n.t(`money:describe.${key}` as string, values);

/**
 * What a transaction was, in the reader's language (issue 30), told from its type, method
 * and details instead of the sentence the ledger stored in English when it was booked.
 * The stored sentence stays the answer for a transaction whose details do not say enough
 * (it is also what exports and statements print).
 */
export function transactionDescription(transaction: Described): string {
  const details = transaction.details ?? {};
  const amount = money(Math.abs(Number(transaction.amount)).toFixed(2), transaction.currency);
  const investment = details.investmentType ? words(`investmentTypes.${details.investmentType}`, { defaultValue: details.investmentType }) : null;
  switch (transaction.type) {
    case 'deposit':
      if (transaction.method === 'crypto') return words('depositCrypto', { amount });
      if (details.bankName) return words('depositBank', { amount, bank: details.bankName });
      break;
    case 'withdrawal':
      if (details.bankName && details.accountName) return words('withdrawal', { amount, bank: details.bankName, holder: details.accountName });
      break;
    case 'investment':
      if (investment) return words('investmentPayment', { investment, amount, method: words(`paidBy.${transaction.method}`, { defaultValue: transaction.method }) });
      break;
    case 'return':
      if (investment && details.principal !== undefined && details.return !== undefined) {
        return words('matured', { investment, principal: money(details.principal, transaction.currency), returnAmount: money(details.return, transaction.currency) });
      }
      // A cancelled investment's money coming back (RFD-…) is booked as a return too.
      if (investment && transaction.reference.startsWith('RFD-')) return words('refund', { amount, investment });
      break;
    case 'fee':
      if (investment) return words('fee', { investment, amount });
      break;
  }
  return transaction.description;
}
