import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CardRequestEvent, InvestmentLifecycleEvent, Language, LANGUAGES, SecurityDepositEvent, TransactionEvent } from '@portal/contracts';
import { CardRequestNotifications } from './card-request-events.handlers';
import { Content, DomainEventNotifications as Notify } from './domain-event-notifications';
import { investmentLifecycleEvent, transactionEvent } from '../testing/ledger-events';

// What people wrote: kept as written in every language.
const REASON = 'Blurred photo, see attachment';
const SUBJECT = 'Login problem on my phone';
const CARD_NAME = 'Ada Lovelace';
const REQUEST = 'Please send a utility bill from the last 3 months.';
const LOCK_REASON = 'GIPP protection 2025';

// Fixed references and times: the texts and their parameters are compared as written.
const transaction = (reason: string | null = null): TransactionEvent => transactionEvent(randomUUID(), { reference: 'DEP-20250101-0001', reason, occurredAt: '2025-01-01T10:00:00.000Z' });
const investment = (overrides: Partial<InvestmentLifecycleEvent> = {}): InvestmentLifecycleEvent =>
  investmentLifecycleEvent(randomUUID(), { occurredAt: '2027-05-29T06:00:00.000Z', ...overrides });
const securityDeposit = (lockReason: string | null): SecurityDepositEvent => ({ securityDepositId: randomUUID(), userId: randomUUID(), amount: '25000.50', currency: 'EUR', locked: true, lockReason, occurredAt: '2025-01-01T10:00:00.000Z' });
const card = (overrides: Partial<CardRequestEvent>): CardRequestEvent => ({
  cardRequestId: randomUUID(),
  userId: randomUUID(),
  cardType: 'physical',
  status: 'pending',
  cardName: CARD_NAME,
  rejectionReason: null,
  trackingNumber: null,
  occurredAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});
const review = (applicationType: 'personal' | 'corporate' | 'gipp', status: 'approved' | 'rejected' | 'under_review', note: string | null = null) => ({
  applicationId: randomUUID(),
  userId: randomUUID(),
  applicationType,
  status,
  note,
  reviewedBy: randomUUID(),
  submittedAt: '2025-01-01T10:00:00.000Z',
  version: 2,
});

interface Case {
  /** The builder it exercises (every builder must have a case). */
  builder: string;
  build: (language: Language) => Content;
  /** What English readers saw before translation, to the byte. */
  english: Pick<Content, 'title' | 'message'>;
  /** People's words and the reference, which appear unchanged in every language. */
  keeps?: string[];
  /** The message is entirely someone's own words (an admin's request), the same in every language. */
  messageAsWritten?: boolean;
}

const CASES: Case[] = [
  {
    builder: 'applicationReviewed',
    build: (language) => Notify.applicationReviewed(review('personal', 'approved'), language),
    english: { title: 'Application approved', message: 'Your personal investment application has been approved.' },
  },
  {
    builder: 'applicationReviewed',
    build: (language) => Notify.applicationReviewed(review('corporate', 'rejected', REASON), language),
    english: { title: 'Application rejected', message: `Your corporate investment application was not approved. Reason: ${REASON}` },
    keeps: [REASON],
  },
  {
    builder: 'applicationReviewed',
    build: (language) => Notify.applicationReviewed(review('gipp', 'under_review'), language),
    english: { title: 'Application under review', message: 'Your GIPP investment application is now being reviewed.' },
    keeps: ['GIPP'],
  },
  {
    builder: 'depositCompleted',
    build: (language) => Notify.depositCompleted(transaction(), language),
    english: { title: 'Deposit completed', message: 'Your deposit of 1,500.00 USD (DEP-20250101-0001) has been credited to your balance.' },
    keeps: ['DEP-20250101-0001'],
  },
  {
    builder: 'depositRejected',
    build: (language) => Notify.depositRejected(transaction(REASON), language),
    english: { title: 'Deposit rejected', message: `Your deposit of 1,500.00 USD (DEP-20250101-0001) was rejected. Reason: ${REASON}` },
    keeps: ['DEP-20250101-0001', REASON],
  },
  {
    builder: 'withdrawalCompleted',
    build: (language) => Notify.withdrawalCompleted(transaction(), language),
    english: { title: 'Withdrawal completed', message: 'Your withdrawal of 1,500.00 USD (DEP-20250101-0001) has been paid out.' },
  },
  {
    builder: 'withdrawalRejected',
    build: (language) => Notify.withdrawalRejected(transaction(REASON), language),
    english: { title: 'Withdrawal rejected', message: `Your withdrawal of 1,500.00 USD (DEP-20250101-0001) was rejected and the held amount is available again. Reason: ${REASON}` },
    keeps: [REASON],
  },
  {
    builder: 'investmentPaid',
    build: (language) => Notify.investmentPaid(transaction(), language),
    english: { title: 'Investment payment received', message: 'Your investment payment of 1,500.00 USD (DEP-20250101-0001) has been received and invested.' },
  },
  {
    builder: 'investmentRejected',
    build: (language) => Notify.investmentRejected(transaction(REASON), language),
    english: { title: 'Investment payment rejected', message: `Your investment payment of 1,500.00 USD (DEP-20250101-0001) was rejected. Reason: ${REASON}` },
    keeps: [REASON],
  },
  {
    builder: 'investmentActivated',
    build: (language) => Notify.investmentActivated(investment({ status: 'active', paidOut: '0.00' }), language),
    english: { title: 'Investment active', message: 'Your personal investment of 10,000.00 USD is fully funded and now active. It earns returns from 29 November 2026 and matures on 29 May 2027.' },
  },
  {
    builder: 'investmentActivated',
    build: (language) => Notify.investmentActivated(investment({ investmentType: 'gipp', status: 'active', paidOut: '0.00', startDate: null, maturityDate: null }), language),
    english: { title: 'Investment active', message: 'Your GIPP investment of 10,000.00 USD is fully funded and now active.' },
    keeps: ['GIPP'],
  },
  {
    builder: 'investmentMatured',
    build: (language) => Notify.investmentMatured(investment(), language),
    english: {
      title: 'Investment matured',
      message: 'Your personal investment of 10,000.00 USD has matured with a return of 750.00 USD and a fee of 125.00 USD. 10,625.00 USD has been paid to your available balance.',
    },
  },
  {
    builder: 'investmentCancelled',
    build: (language) => Notify.investmentCancelled(investment({ investmentType: 'corporate', status: 'cancelled', paidOut: '4000.00' }), language),
    english: { title: 'Investment cancelled', message: 'Your corporate investment of 10,000.00 USD has been cancelled. 4,000.00 USD has been returned to your available balance.' },
  },
  {
    builder: 'investmentCancelled',
    build: (language) => Notify.investmentCancelled(investment({ status: 'cancelled', paidOut: '0.00' }), language),
    english: { title: 'Investment cancelled', message: 'Your personal investment of 10,000.00 USD has been cancelled.' },
  },
  {
    builder: 'securityDeposit',
    build: (language) => Notify.securityDeposit('created', securityDeposit(LOCK_REASON), language),
    english: { title: 'Security deposit created', message: `A security deposit of 25,000.50 EUR was created and locked for your investment protection. (${LOCK_REASON})` },
    keeps: [LOCK_REASON],
  },
  {
    builder: 'securityDeposit',
    build: (language) => Notify.securityDeposit('locked', securityDeposit(null), language),
    english: { title: 'Security deposit locked', message: 'Your security deposit of 25,000.50 EUR is locked.' },
  },
  {
    builder: 'securityDeposit',
    build: (language) => Notify.securityDeposit('unlocked', securityDeposit(null), language),
    english: { title: 'Security deposit unlocked', message: 'Your security deposit of 25,000.50 EUR has been unlocked.' },
  },
  {
    builder: 'documentReviewed',
    build: (language) => Notify.documentReviewed({ documentId: randomUUID(), userId: randomUUID(), documentType: 'id', decision: 'approved' }, language),
    english: { title: 'Document approved', message: 'Your identity document has been approved.' },
  },
  {
    builder: 'documentReviewed',
    build: (language) => Notify.documentReviewed({ documentId: randomUUID(), userId: randomUUID(), documentType: 'tax', decision: 'rejected', notes: REASON }, language),
    english: { title: 'Document rejected', message: `Your tax document was rejected. Please upload it again. Reason: ${REASON}` },
    keeps: [REASON],
  },
  {
    builder: 'documentReviewed',
    build: (language) => Notify.documentReviewed({ documentId: randomUUID(), userId: randomUUID(), documentType: 'partnership', decision: 'approved' }, language),
    english: { title: 'Document approved', message: 'Your partnership document has been approved.' },
  },
  {
    builder: 'documentReviewed',
    build: (language) => Notify.documentReviewed({ documentId: randomUUID(), userId: randomUUID(), documentType: 'passport', decision: 'approved' }, language),
    english: { title: 'Document approved', message: 'Your passport document has been approved.' },
    keeps: ['passport'],
  },
  {
    builder: 'documentsRequested',
    build: (language) => Notify.documentsRequested({ requestId: randomUUID(), userId: randomUUID(), message: REQUEST, requestedBy: randomUUID() }, language),
    english: { title: 'Documents requested', message: REQUEST },
    messageAsWritten: true,
  },
  {
    builder: 'kycDecision',
    build: (language) => Notify.kycDecision({ userId: randomUUID(), kycStatus: 'verified', version: 2 }, language),
    english: { title: 'Account verified', message: 'Your identity verification (KYC) has been approved.' },
  },
  {
    builder: 'kycDecision',
    build: (language) => Notify.kycDecision({ userId: randomUUID(), kycStatus: 'rejected', version: 2, reason: REASON }, language),
    english: { title: 'Verification not approved', message: `Your identity verification (KYC) was not approved. Reason: ${REASON}` },
    keeps: [REASON],
  },
  {
    builder: 'ticketAnswered',
    build: (language) => Notify.ticketAnswered({ ticketId: randomUUID(), userId: randomUUID(), subject: SUBJECT, status: 'in_progress', answeredBy: 'admin', occurredAt: '2025-01-01T10:00:00.000Z' }, language),
    english: { title: 'Support ticket answered', message: `Our support team answered your ticket "${SUBJECT}".` },
    keeps: [SUBJECT],
  },
  {
    builder: 'card.requested',
    build: (language) => CardRequestNotifications.requested(card({}), language),
    english: { title: 'Card request received', message: `Your physical card request "${CARD_NAME}" has been received and will be processed within 24 hours.` },
    keeps: [CARD_NAME, '24'],
  },
  {
    builder: 'card.approved',
    build: (language) => CardRequestNotifications.approved(card({ status: 'approved' }), language),
    english: { title: 'Card request approved', message: `Your physical card "${CARD_NAME}" has been approved and will be delivered to your address.` },
    keeps: [CARD_NAME],
  },
  {
    builder: 'card.approved',
    build: (language) => CardRequestNotifications.approved(card({ cardType: 'virtual', status: 'approved' }), language),
    english: { title: 'Card request approved', message: `Your virtual card "${CARD_NAME}" has been approved and is ready to use.` },
    keeps: [CARD_NAME],
  },
  {
    builder: 'card.rejected',
    build: (language) => CardRequestNotifications.rejected(card({ cardType: 'virtual', status: 'rejected', rejectionReason: REASON }), language),
    english: { title: 'Card request rejected', message: `Your virtual card request "${CARD_NAME}" was rejected. Reason: ${REASON}` },
    keeps: [CARD_NAME, REASON],
  },
  {
    builder: 'card.delivered',
    build: (language) => CardRequestNotifications.delivered(card({ status: 'delivered', trackingNumber: 'TRK-998877' }), language),
    english: { title: 'Card delivered', message: `Your physical card "${CARD_NAME}" has been delivered. Tracking number: TRK-998877` },
    keeps: [CARD_NAME, 'TRK-998877'],
  },
  {
    builder: 'card.cancelled',
    build: (language) => CardRequestNotifications.cancelled(card({ cardType: 'virtual', status: 'cancelled' }), language),
    english: { title: 'Card request cancelled', message: `Your virtual card request "${CARD_NAME}" has been cancelled.` },
    keeps: [CARD_NAME],
  },
];

// Words that only an untranslated (English) sentence would contain; none of them is also es/fr/de.
const ENGLISH = /\b(Your|your|has been|was|Reason|Tracking number|deposit|Deposit|withdrawal|Withdrawal|application|Application|request|received|approved|rejected|cancelled|delivered|verified|answered|will be|within|hours|balance|locked|unlocked|created)\b/;

const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

describe('in-app notification texts', () => {
  it('has a case for every builder', () => {
    const builders = [...Object.keys(Notify), ...Object.keys(CardRequestNotifications).map((name) => `card.${name}`)].sort();
    expect([...new Set(CASES.map((item) => item.builder))].sort()).toEqual(builders);
  });

  it.each(CASES.map((item) => [item.english.title, item.english.message, item] as const))('reads in English exactly as before: %s – %s', (_title, _message, item) => {
    expect(item.build('en')).toMatchObject(item.english);
  });

  describe.each(OTHER_LANGUAGES)('in %s', (language) => {
    it.each(CASES.map((item) => [item.english.message, item] as const))('translates "%s" completely', (_message, item) => {
      const english = item.build('en');
      const translated = item.build(language);
      // Same kind of notification, only the words differ.
      expect({ type: translated.type, category: translated.category }).toEqual({ type: english.type, category: english.category });
      expect(translated.title.trim()).not.toBe('');
      expect(translated.message.trim()).not.toBe('');
      expect(`${translated.title} ${translated.message}`).not.toMatch(/undefined|null|\[object/);
      expect(translated.title).not.toBe(english.title);
      expect(translated.title).not.toMatch(ENGLISH);
      if (item.messageAsWritten) {
        expect(translated.message).toBe(english.message);
      } else {
        expect(translated.message).not.toBe(english.message);
        // What people wrote is taken out first: it may be in any language.
        const ownWords = (item.keeps ?? []).reduce((text, kept) => text.split(kept).join(''), translated.message);
        expect(ownWords).not.toMatch(ENGLISH);
      }
      for (const kept of item.keeps ?? []) expect(translated.message).toContain(kept);
    });
  });

  it.each([
    ['en', '1,500.00 USD', '25,000.50 EUR'],
    ['es', '1.500,00 USD', '25.000,50 EUR'],
    ['fr', '1\u202f500,00 USD', '25\u202f000,50 EUR'],
    ['de', '1.500,00 USD', '25.000,50 EUR'],
  ] as const)('writes amounts the way %s readers write them', (language, deposit, securityDepositAmount) => {
    expect(Notify.depositCompleted(transaction(), language).message).toContain(deposit);
    expect(Notify.withdrawalRejected(transaction(), language).message).toContain(deposit);
    expect(Notify.securityDeposit('created', securityDeposit(null), language).message).toContain(securityDepositAmount);
  });

  it.each([
    ['en', ['10,000.00 USD', '750.00 USD', '125.00 USD', '10,625.00 USD']],
    ['es', ['10.000,00 USD', '750,00 USD', '125,00 USD', '10.625,00 USD']],
    ['fr', ['10\u202f000,00 USD', '750,00 USD', '125,00 USD', '10\u202f625,00 USD']],
    ['de', ['10.000,00 USD', '750,00 USD', '125,00 USD', '10.625,00 USD']],
  ] as const)('tells a matured investment’s principal, return, fee and payout as %s readers write money', (language, amounts) => {
    const message = Notify.investmentMatured(investment(), language).message;
    for (const amount of amounts) expect(message).toContain(amount);
  });

  it('writes a German deposit in German, formally', () => {
    expect(Notify.depositCompleted(transaction(), 'de')).toEqual({
      category: 'transaction',
      type: 'success',
      title: 'Einzahlung abgeschlossen',
      message: 'Ihre Einzahlung von 1.500,00 USD (DEP-20250101-0001) wurde Ihrem Guthaben gutgeschrieben.',
      textKey: 'depositCompleted',
      textParams: { amount: '1500.00', currency: 'USD', reference: 'DEP-20250101-0001' },
    });
  });

  // Issue 30: the reader's app says the text in its own language from the code and values.
  it.each(CASES.map((item) => [item.english.message, item] as const))('keeps the code and raw values of "%s", the same whatever the language', (_message, item) => {
    const english = item.build('en');
    expect(english.textKey).toMatch(/^[a-z][A-Za-z]+$/);
    for (const language of OTHER_LANGUAGES) expect({ textKey: item.build(language).textKey, textParams: item.build(language).textParams }).toEqual({ textKey: english.textKey, textParams: english.textParams });
    // What people wrote is among the values as written; no value is a formatted amount or an empty text.
    for (const kept of (item.keeps ?? []).filter((kept) => kept !== '24' && kept !== 'GIPP' && kept !== 'passport')) expect(Object.values(english.textParams).join('\n')).toContain(kept);
    for (const value of Object.values(english.textParams)) {
      expect(value.trim()).not.toBe('');
      expect(value).not.toMatch(/^\d{1,3}(,\d{3})+\.\d{2}/);
    }
  });

  it('uses only codes the web app can say (apps/web notifications:inbox), so none falls back to the stored language', () => {
    const catalogue = JSON.parse(readFileSync(join(__dirname, '../../../web/src/notifications/locales/en.json'), 'utf8')) as { inbox: Record<string, { title?: string }> };
    const codes = new Set(CASES.map((item) => item.build('en').textKey));
    for (const code of codes) expect({ code, title: typeof catalogue.inbox[code]?.title }).toEqual({ code, title: 'string' });
  });

  it.each([
    ['a rejected deposit', () => Notify.depositRejected(transaction(REASON), 'fr'), 'depositRejected', { amount: '1500.00', currency: 'USD', reference: 'DEP-20250101-0001', reason: REASON }],
    ['a completed deposit (no reason to tell)', () => Notify.depositCompleted(transaction(REASON), 'fr'), 'depositCompleted', { amount: '1500.00', currency: 'USD', reference: 'DEP-20250101-0001' }],
    [
      'an active investment, with its dates as ISO days',
      () => Notify.investmentActivated(investment({ status: 'active', paidOut: '0.00' }), 'de'),
      'investmentActivated',
      { investmentType: 'personal', amount: '10000.00', currency: 'USD', startDate: '2026-11-29', maturityDate: '2027-05-29' },
    ],
    [
      'a matured investment',
      () => Notify.investmentMatured(investment(), 'es'),
      'investmentMatured',
      { investmentType: 'personal', amount: '10000.00', returnAmount: '750.00', feeAmount: '125.00', paidOut: '10625.00', currency: 'USD' },
    ],
    ['a cancelled investment nothing was paid into', () => Notify.investmentCancelled(investment({ status: 'cancelled', paidOut: '0.00' }), 'en'), 'investmentCancelled', { investmentType: 'personal', amount: '10000.00', currency: 'USD' }],
    ['a security deposit without a lock reason', () => Notify.securityDeposit('unlocked', securityDeposit(null), 'en'), 'securityDepositUnlocked', { amount: '25000.50', currency: 'EUR' }],
    ['a verified account', () => Notify.kycDecision({ userId: randomUUID(), kycStatus: 'verified', version: 2 }, 'fr'), 'accountVerified', {}],
    [
      'a delivered card',
      () => CardRequestNotifications.delivered(card({ status: 'delivered', trackingNumber: 'TRK-998877' }), 'de'),
      'cardDelivered',
      { cardType: 'physical', cardName: CARD_NAME, trackingNumber: 'TRK-998877' },
    ],
  ] as const)('says %s with its code and raw values', (_name, build, textKey, params) => {
    expect(build()).toMatchObject({ textKey, textParams: params });
    expect(Object.keys(build().textParams).sort()).toEqual(Object.keys(params).sort());
  });
});
