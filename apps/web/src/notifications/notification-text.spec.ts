import { i18n, LANGUAGES } from '../i18n/i18n';
import { notificationText } from './notification-text';
import german from './locales/de.json';
import spanish from './locales/es.json';
import french from './locales/fr.json';

const STORED = { title: 'Stored title', message: 'Stored message.' };

/** Every code the notification service keeps (apps/notification event-intake), with values as it sends them. */
const CODES: [string, Record<string, string>][] = [
  ['applicationApproved', { applicationType: 'personal' }],
  ['applicationRejected', { applicationType: 'corporate', reason: 'Missing papers' }],
  ['applicationUnderReview', { applicationType: 'gipp' }],
  ['depositCompleted', { amount: '1500.00', currency: 'USD', reference: 'DEP-1' }],
  ['depositRejected', { amount: '1500.00', currency: 'EUR', reference: 'DEP-2', reason: 'Funds not received' }],
  ['withdrawalCompleted', { amount: '200.00', currency: 'GBP', reference: 'WTH-1' }],
  ['withdrawalRejected', { amount: '200.00', currency: 'SGD', reference: 'WTH-2' }],
  ['investmentPaid', { amount: '5000.00', currency: 'USD', reference: 'INV-BANK-1' }],
  ['investmentRejected', { amount: '5000.00', currency: 'USD', reference: 'INV-BANK-2' }],
  ['investmentActivated', { investmentType: 'personal', amount: '10000.00', currency: 'USD', startDate: '2026-11-29', maturityDate: '2027-05-29' }],
  ['investmentMatured', { investmentType: 'corporate', amount: '10000.00', returnAmount: '750.00', feeAmount: '125.00', paidOut: '10625.00', currency: 'USD' }],
  ['investmentCancelled', { investmentType: 'gipp', amount: '10000.00', currency: 'USD', paidOut: '4000.00' }],
  ['securityDepositCreated', { amount: '25000.50', currency: 'EUR', lockReason: 'GIPP protection 2025' }],
  ['securityDepositLocked', { amount: '25000.50', currency: 'EUR' }],
  ['securityDepositUnlocked', { amount: '25000.50', currency: 'EUR' }],
  ['documentApproved', { documentType: 'id' }],
  ['documentRejected', { documentType: 'passport', reason: 'Blurred' }],
  ['documentsRequested', { request: 'Please send a utility bill.' }],
  ['accountVerified', {}],
  ['verificationRejected', { reason: 'Expired ID' }],
  ['ticketAnswered', { subject: 'Login problem' }],
  ['cardRequested', { cardType: 'physical', cardName: 'Ada Lovelace' }],
  ['cardApproved', { cardType: 'virtual', cardName: 'Ada Lovelace' }],
  ['cardRejected', { cardType: 'physical', cardName: 'Ada Lovelace', reason: 'Address unclear' }],
  ['cardDelivered', { cardType: 'physical', cardName: 'Ada Lovelace', trackingNumber: 'TRK-1' }],
  ['cardCancelled', { cardType: 'virtual', cardName: 'Ada Lovelace' }],
];

describe("a notification's text in the reader's language", () => {
  beforeAll(() => {
    i18n.addResourceBundle('fr', 'notifications', french);
    i18n.addResourceBundle('de', 'notifications', german);
    i18n.addResourceBundle('es', 'notifications', spanish);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each(LANGUAGES)('says every code the server keeps in %s, with every value filled in', async (language) => {
    await i18n.changeLanguage(language);
    for (const [textKey, textParams] of CODES) {
      const shown = notificationText({ ...STORED, textKey, textParams });
      expect({ textKey, shown }).not.toEqual({ textKey, shown: STORED });
      expect(`${shown.title} ${shown.message}`).not.toMatch(/\{\{|\}\}|inbox\.|undefined|NaN/);
      // What people wrote is there as written.
      for (const name of ['reason', 'reference', 'cardName', 'subject', 'trackingNumber', 'lockReason', 'request']) if (textParams[name]) expect(shown.message).toContain(textParams[name]);
    }
  });

  it('falls back to what the server stored without a code, with a code it does not know, or without a value the sentence needs', async () => {
    await i18n.changeLanguage('fr');
    expect(notificationText({ ...STORED, textKey: null, textParams: null })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'somethingNew', textParams: {} })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'toString', textParams: {} })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'depositCompleted', textParams: { amount: '1500.00', currency: 'USD' } })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'depositCompleted', textParams: { amount: 'lots', currency: 'USD', reference: 'DEP-1' } })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'depositCompleted', textParams: { amount: '1500.00', currency: 'dollars', reference: 'DEP-1' } })).toEqual(STORED);
  });

  it('says an unknown kind of document by its type rather than not at all', async () => {
    await i18n.changeLanguage('en');
    expect(notificationText({ ...STORED, textKey: 'documentApproved', textParams: { documentType: 'passport' } }).message).toBe('Your passport document has been approved.');
    expect(notificationText({ ...STORED, textKey: 'cancelledWithoutPayout', textParams: {} })).toEqual(STORED);
    expect(notificationText({ ...STORED, textKey: 'investmentCancelled', textParams: { investmentType: 'personal', amount: '100.00', currency: 'USD' } }).message).toBe('Your personal investment of $100.00 has been cancelled.');
  });
});
