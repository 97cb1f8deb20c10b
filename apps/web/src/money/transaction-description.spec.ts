import { i18n } from '../i18n/i18n';
import { money } from './format';
import type { TransactionView } from './money-api';
import { transactionDescription } from './transaction-description';
import french from './locales/fr.json';

type Described = Parameters<typeof transactionDescription>[0];

const transaction = (fields: Partial<TransactionView>): Described => ({
  type: 'deposit',
  method: 'bank',
  amount: '1500.00',
  currency: 'USD',
  reference: 'DEP-20261129-AB12CD',
  description: 'Bank deposit of 1500.00 USD from First Bank',
  details: {},
  ...fields,
});

describe("a transaction's description", () => {
  it('is told from its type, method and details, in the words the ledger uses', () => {
    expect(transactionDescription(transaction({ details: { bankName: 'First Bank' } }))).toBe('Bank deposit of $1,500.00 from First Bank');
    expect(transactionDescription(transaction({ method: 'crypto' }))).toBe('Bitcoin deposit of $1,500.00');
    expect(transactionDescription(transaction({ type: 'withdrawal', amount: '-1200.00', details: { bankName: 'First Bank', accountName: 'Ada Lovelace' } }))).toBe('Withdrawal of $1,200.00 to First Bank (Ada Lovelace)');
    expect(transactionDescription(transaction({ type: 'investment', method: 'balance', amount: '-5000.00', details: { investmentType: 'gipp' } }))).toBe('GIPP investment payment of $5,000.00 by account balance');
    expect(transactionDescription(transaction({ type: 'return', method: 'balance', amount: '5125.00', reference: 'RET-1', details: { investmentType: 'personal', principal: '5000.00', return: '125.00' } }))).toBe(
      'Personal investment matured: principal $5,000.00 and return $125.00',
    );
    expect(transactionDescription(transaction({ type: 'return', method: 'balance', amount: '700.00', reference: 'RFD-1', details: { investmentType: 'corporate' } }))).toBe('Refund of $700.00 paid into a cancelled Corporate investment');
    expect(transactionDescription(transaction({ type: 'fee', method: 'balance', amount: '-62.50', details: { investmentType: 'personal' } }))).toBe('Platform fee of Personal investment: $62.50');
  });

  it("keeps the ledger's sentence when the details do not say enough", () => {
    expect(transactionDescription(transaction({ details: {} }))).toBe('Bank deposit of 1500.00 USD from First Bank');
    expect(transactionDescription(transaction({ type: 'fee', description: 'Platform fee', details: {} }))).toBe('Platform fee');
  });

  it("reads in the reader's language, with its number format, rather than the English the ledger stored", async () => {
    i18n.addResourceBundle('fr', 'money', french);
    await i18n.changeLanguage('fr');
    try {
      const described = transactionDescription(transaction({ type: 'withdrawal', amount: '-1200.00', details: { bankName: 'First Bank', accountName: 'Ada Lovelace' } }));
      expect(described).toBe(`Retrait de ${money('1200.00', 'USD')} vers First Bank (Ada Lovelace)`);
      expect(money('1200.00', 'USD')).not.toBe('$1,200.00');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
