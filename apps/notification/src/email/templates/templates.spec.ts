import { describeValidity, displayName, escapeHtml } from './layout';
import { EmailTemplateName, EmailTemplateParams, InvestmentEmailParams, renderEmail } from '.';

const issuedAt = '2025-11-21T06:00:00.000Z';
const inHours = (hours: number) => new Date(Date.parse(issuedAt) + hours * 3_600_000).toISOString();

/** A 10,000.00 USD personal investment over 6 months: 750.00 return, 125.00 fee, 10,625.00 paid at maturity. */
const investment = (overrides: Partial<InvestmentEmailParams> = {}): InvestmentEmailParams => ({
  firstName: 'Ada',
  investmentType: 'personal',
  amount: '10000.00',
  currency: 'USD',
  returnAmount: '750.00',
  feeAmount: '125.00',
  paidOut: '10625.00',
  startDate: '2026-11-29',
  maturityDate: '2027-05-29',
  durationMonths: 6,
  investmentsUrl: 'http://localhost:3000/app/investments',
  ...overrides,
});

describe('email templates', () => {
  describe('confirm-email', () => {
    const confirmationUrl = 'http://localhost:3000/auth/email-confirmed?token=abc123&type=signup';
    const email = renderEmail('confirm-email', { firstName: 'Ada', confirmationUrl, issuedAt, expiresAt: inHours(24) });

    it('carries the confirmation link in both bodies', () => {
      expect(email.subject).toBe('Confirm your email address');
      expect(email.text).toContain(confirmationUrl);
      expect(email.html).toContain(`href="${escapeHtml(confirmationUrl)}"`);
    });

    it('says the link is valid for 24 hours', () => {
      expect(email.text).toContain('valid for 24 hours (until 22 November 2025 at 06:00 UTC)');
      expect(email.html).toContain('valid for 24 hours');
    });

    it('greets the user by first name', () => {
      expect(email.text).toMatch(/^Hello Ada,/);
    });
  });

  describe('reset-password', () => {
    const resetUrl = 'https://portal.example.com/auth/update-password?token=r3set';
    const email = renderEmail('reset-password', { firstName: 'Ada', resetUrl, issuedAt, expiresAt: inHours(1) });

    it('carries the reset link, valid for 1 hour', () => {
      expect(email.subject).toBe('Reset your password');
      expect(email.text).toContain(resetUrl);
      expect(email.html).toContain(`href="${resetUrl}"`);
      expect(email.text).toContain('valid for 1 hour (until 21 November 2025 at 07:00 UTC)');
    });

    it('tells the user they can ignore it if they did not ask', () => {
      expect(email.text).toContain('If you did not ask to reset your password, you can ignore this email');
      expect(email.html).toContain('If you did not ask to reset your password, you can ignore this email');
    });
  });

  describe('password-changed', () => {
    it('says how and when the password changed and links to a reset', () => {
      const email = renderEmail('password-changed', {
        firstName: 'Ada',
        via: 'reset',
        changedAt: issuedAt,
        resetPasswordUrl: 'http://localhost:3000/auth/reset-password',
      });
      expect(email.subject).toBe('Your password was changed');
      expect(email.text).toContain('was reset with a password reset link on 21 November 2025 at 06:00 UTC');
      expect(email.html).toContain('href="http://localhost:3000/auth/reset-password"');
    });
  });

  describe('welcome', () => {
    it('links to the sign-in page', () => {
      const email = renderEmail('welcome', { signInUrl: 'http://localhost:3000/auth/login' });
      expect(email.subject).toBe('Welcome to Investment Portal');
      expect(email.text).toContain('http://localhost:3000/auth/login');
      expect(email.html).toContain('href="http://localhost:3000/auth/login"');
    });
  });

  describe('user-provided values', () => {
    const hostile = '<script>alert("x")</script> & <b>Bob</b>';
    const email = renderEmail('confirm-email', {
      firstName: hostile,
      confirmationUrl: 'http://localhost:3000/auth/email-confirmed?token=a"b<c>&d=1',
      issuedAt,
      expiresAt: inHours(24),
    });

    it('escapes a first name in the HTML body', () => {
      expect(email.html).not.toContain('<script>');
      expect(email.html).not.toContain('<b>Bob</b>');
      expect(email.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bob&lt;/b&gt;,');
    });

    it('escapes a link inside its attribute', () => {
      expect(email.html).toContain('href="http://localhost:3000/auth/email-confirmed?token=a&quot;b&lt;c&gt;&amp;d=1"');
    });

    it('keeps a first name on one line in the text body', () => {
      const text = renderEmail('reset-password', {
        firstName: 'Eve\r\n\r\nYour account is locked, call +1 555',
        resetUrl: 'http://localhost:3000/r',
        issuedAt,
        expiresAt: inHours(1),
      }).text;
      expect(text.split('\n')[0]).toBe('Hello Eve Your account is locked, call +1 555,');
    });

    it('refuses links that are not web links', () => {
      expect(() =>
        renderEmail('confirm-email', { firstName: 'Ada', confirmationUrl: 'javascript:alert(1)', issuedAt, expiresAt: inHours(24) }),
      ).toThrow('email link must be http(s)');
    });

    it('greets without a name when none was given', () => {
      const text = renderEmail('confirm-email', { firstName: '  ', confirmationUrl: 'http://localhost/c', issuedAt, expiresAt: inHours(24) }).text;
      expect(text.split('\n')[0]).toBe('Hello,');
    });

    it('drops characters that reverse the reading direction', () => {
      expect(displayName('Ada\u202Egnp.exe')).toBe('Adagnp.exe');
    });

    it('bounds very long names', () => {
      expect(displayName('x'.repeat(500))).toHaveLength(80);
    });
  });

  describe('what an admin or a customer wrote, longer than a name', () => {
    // Sentences of about 300 characters: the contracts allow 1000 for notes and reasons, 200 for subjects.
    const long = (start: string) => `${start} ${'and a bank statement from the last three months, '.repeat(5)}end of message.`;
    const documentsUrl = 'http://localhost:3000/app/documents';

    it('tells the admin’s document request in full', () => {
      const message = long('Please upload a copy of your passport');
      const email = renderEmail('kyc-documents-requested', { firstName: 'Ada', message, documentsUrl });
      expect(email.text).toContain(message);
      expect(email.html).toContain(escapeHtml(message));
    });

    it('gives the whole reason of a KYC rejection and the whole note of an application decision', () => {
      const reason = long('The photo of your ID is blurred');
      expect(renderEmail('kyc-decision', { firstName: 'Ada', decision: 'rejected', reason, documentsUrl }).text).toContain(`Reason: ${reason}`);
      const note = long('Your application is approved subject to');
      const decided = renderEmail('application-decision', { firstName: 'Ada', applicationType: 'personal', decision: 'approved', note, investmentsUrl: 'http://localhost:3000/app/investments' });
      expect(decided.text).toContain(`Note from our team: ${note}`);
    });

    it('names a long ticket subject in full, on one line', () => {
      const subject = `Question about ${'my withdrawal '.repeat(12)}`.trim();
      expect(subject.length).toBeGreaterThan(150);
      const email = renderEmail('ticket-answered', { firstName: 'Ada', subject: `${subject}\r\nBcc: x`, ticketId: '0123456789abcdef', status: 'resolved', supportUrl: 'http://localhost:3000/app/support' });
      expect(email.text).toContain(`"${subject} Bcc: x"`);
    });

    it('still bounds what is longer than the contracts allow', () => {
      const email = renderEmail('kyc-documents-requested', { firstName: 'Ada', message: 'x'.repeat(5000), documentsUrl });
      expect(email.text).toContain(`${'x'.repeat(999)}…`);
      expect(email.text).not.toContain('x'.repeat(1000));
    });
  });

  describe('investment lifecycle', () => {
    it('says a matured investment’s principal, return, fee and payout, each as money', () => {
      const email = renderEmail('investment-matured', investment());
      expect(email.subject).toBe('Your investment has matured');
      expect(email.text).toContain('Your personal investment matured on 29 May 2027 and has been paid out:');
      for (const line of ['Principal: 10,000.00 USD', 'Return: 750.00 USD', 'Platform fee: 125.00 USD', 'Paid to your available balance: 10,625.00 USD']) {
        expect(email.text).toContain(line);
        expect(email.html).toContain(line);
      }
      expect(email.html).toContain('href="http://localhost:3000/app/investments"');
    });

    it('writes the payout the way German readers write money', () => {
      const email = renderEmail('investment-matured', investment({ currency: 'EUR' }), 'de');
      expect(email.subject).toBe('Ihre Anlage ist fällig geworden');
      expect(email.text).toContain('Ihre private Anlage ist am 29. Mai 2027 fällig geworden');
      expect(email.text).toContain('Kapital: 10.000,00 EUR');
      expect(email.text).toContain('Ihrem verfügbaren Guthaben gutgeschrieben: 10.625,00 EUR');
    });

    it('gives an activated investment’s start and maturity dates and term', () => {
      const email = renderEmail('investment-activated', investment({ investmentType: 'gipp', paidOut: '0.00' }));
      expect(email.subject).toBe('Your investment is active');
      expect(email.text).toContain('Your GIPP investment of 10,000.00 USD is fully funded and now active.');
      expect(email.text).toContain('It earns returns from 29 November 2026 and matures on 29 May 2027 (6 months).');
      expect(renderEmail('investment-activated', investment({ durationMonths: 1, maturityDate: '2026-12-29' }), 'fr').text).toContain(
        'Il produit des rendements à partir du 29 novembre 2026 et arrive à échéance le 29 décembre 2026 (1 mois).',
      );
    });

    it('leaves the dates out when the ledger did not give them', () => {
      const email = renderEmail('investment-activated', investment({ startDate: null, maturityDate: null }));
      expect(email.text).not.toContain('earns returns');
      expect(email.text).not.toMatch(/undefined|null|Invalid/);
    });

    it('says what a cancelled investment returned to the balance, and nothing of the kind when nothing was paid in', () => {
      const partly = renderEmail('investment-cancelled', investment({ paidOut: '4000.00' }));
      expect(partly.subject).toBe('Your investment was cancelled');
      expect(partly.text).toContain('Your personal investment of 10,000.00 USD has been cancelled.');
      expect(partly.text).toContain('The amount you had paid into it, 4,000.00 USD, has been returned to your available balance.');
      const unfunded = renderEmail('investment-cancelled', investment({ paidOut: '0.00' }));
      expect(unfunded.text).toContain('has been cancelled.');
      expect(unfunded.text).not.toContain('returned');
    });
  });

  describe('link validity', () => {
    it.each([
      [0.5, '30 minutes'],
      [1, '1 hour'],
      [2, '2 hours'],
      [24, '24 hours'],
      [48, '48 hours'],
      [24 * 7, '7 days'],
    ])('describes %s hours as "%s"', (hours, text) => {
      expect(describeValidity(issuedAt, inHours(hours))).toBe(text);
    });

    it('falls back to the expiry time when the issue time is unknown', () => {
      const email = renderEmail('reset-password', { firstName: 'Ada', resetUrl: 'http://localhost/r', issuedAt: 'not a date', expiresAt: inHours(1) });
      expect(email.text).toContain('This link is valid until 21 November 2025 at 07:00 UTC.');
    });
  });

  describe('sign-up-attempted', () => {
    it('tells the owner someone tried to register the address, that nothing changed, and offers sign-in and a password reset', () => {
      const email = renderEmail('sign-up-attempted', {
        firstName: 'Ada',
        attemptedAt: issuedAt,
        signInUrl: 'http://localhost:3000/auth/login?portal=customer',
        resetPasswordUrl: 'http://localhost:3000/auth/reset-password',
      });
      expect(email.subject).toBe('Someone tried to create an account with your email');
      expect(email.text).toContain('Hello Ada,');
      expect(email.text).toContain('Someone tried to create a new Investment Portal account with this email address on 21 November 2025 at 06:00 UTC. You already have an account with it.');
      expect(email.text).toContain('No new account was created, and nothing about your account has changed.');
      expect(email.html).toContain('href="http://localhost:3000/auth/login?portal=customer"');
      expect(email.html).toContain('href="http://localhost:3000/auth/reset-password"');
      expect(email.text).toContain('If it was not you, you can ignore this email.');
    });
  });

  describe('security-alert', () => {
    const links = { securitySettingsUrl: 'http://localhost:3000/app/settings', resetPasswordUrl: 'http://localhost:3000/auth/reset-password' };

    it('names a new sign-in with its address and browser, made safe to show', () => {
      const email = renderEmail('security-alert', { firstName: 'Ada', kind: 'new_sign_in', occurredAt: issuedAt, clientIp: '203.0.113.7', userAgent: 'Firefox<script>', ...links });
      expect(email.subject).toBe('New sign-in to your account');
      expect(email.text).toContain('on 21 November 2025 at 06:00 UTC, someone signed in from a browser or address not seen on your account before.');
      expect(email.text).toContain('Address: 203.0.113.7');
      expect(email.html).toContain('Browser: Firefox&lt;script&gt;');
      expect(email.html).toContain('href="http://localhost:3000/app/settings"');
    });

    it('offers a new sign-in\'s link that ends that session, first, when it has one', () => {
      const email = renderEmail('security-alert', { firstName: 'Ada', kind: 'new_sign_in', occurredAt: issuedAt, endSessionUrl: 'http://localhost:3000/auth/end-session?token=t', ...links });
      expect(email.html).toContain('href="http://localhost:3000/auth/end-session?token=t"');
      expect(email.text.indexOf('End that session')).toBeGreaterThan(-1);
      expect(email.text.indexOf('End that session')).toBeLessThan(email.text.indexOf('Reset password'));
      expect(renderEmail('security-alert', { firstName: 'Ada', kind: 'new_sign_in', occurredAt: issuedAt, ...links }).text).not.toContain('End that session');
    });

    it('says when two-factor was turned on or off', () => {
      expect(renderEmail('security-alert', { firstName: 'Ada', kind: 'two_factor_enabled', occurredAt: issuedAt, ...links }).subject).toBe('Two-factor authentication was turned on');
      const off = renderEmail('security-alert', { firstName: 'Ada', kind: 'two_factor_disabled', occurredAt: issuedAt, ...links });
      expect(off.subject).toBe('Two-factor authentication was turned off');
      expect(off.text).not.toContain('Address:');
    });
  });

  describe('in every language', () => {
    const at = issuedAt;
    const links = { securitySettingsUrl: 'http://localhost:3000/app/settings', resetPasswordUrl: 'http://localhost:3000/auth/reset-password' };
    const money = { firstName: 'Ada', amount: '1500.00', currency: 'USD', reference: 'DP-1', occurredAt: at, transactionsUrl: 'http://localhost:3000/app/transactions' };
    // Every template, and each of its variants, with values that hold no English words.
    const cases: { [T in EmailTemplateName]: EmailTemplateParams[T][] } = {
      'confirm-email': [{ firstName: 'Ada', confirmationUrl: 'http://localhost:3000/c', issuedAt: at, expiresAt: inHours(24) }],
      'reset-password': [{ firstName: 'Ada', resetUrl: 'http://localhost:3000/r', issuedAt: 'x', expiresAt: inHours(1) }],
      'password-changed': [
        { firstName: 'Ada', via: 'reset', changedAt: at, resetPasswordUrl: links.resetPasswordUrl },
        { firstName: 'Ada', via: 'change', changedAt: at, resetPasswordUrl: links.resetPasswordUrl },
      ],
      welcome: [{ signInUrl: 'http://localhost:3000/auth/login' }],
      'withdrawal-requested': [money],
      'deposit-completed': [money],
      'transaction-rejected': [
        { ...money, kind: 'deposit', reason: 'Fondos' },
        { ...money, kind: 'withdrawal', reason: null },
        { ...money, kind: 'investment', reason: 'Fondos' },
      ],
      'investment-activated': [investment(), investment({ investmentType: 'corporate', durationMonths: 1, startDate: null })],
      'investment-matured': [investment(), investment({ investmentType: 'gipp', maturityDate: null })],
      'investment-cancelled': [investment({ paidOut: '4000.00' }), investment({ investmentType: 'corporate', paidOut: '0.00' })],
      'application-decision': [
        { firstName: 'Ada', applicationType: 'personal', decision: 'approved', note: 'Bravo', investmentsUrl: 'http://localhost:3000/app/investments' },
        { firstName: 'Ada', applicationType: 'corporate', decision: 'rejected', note: null, investmentsUrl: 'http://localhost:3000/app/investments' },
      ],
      'ticket-answered': [{ firstName: 'Ada', subject: 'Hilfe', ticketId: '0123456789abcdef', status: 'in_progress', supportUrl: 'http://localhost:3000/app/support' }],
      'gipp-submitted': [{ clientName: 'Ada Lovelace', confirmationUrl: 'http://localhost:3000/auth/login' }],
      'kyc-documents-requested': [{ firstName: 'Ada', message: 'Rechnung', documentsUrl: 'http://localhost:3000/app/documents' }],
      'kyc-decision': [
        { firstName: 'Ada', decision: 'verified', reason: null, documentsUrl: 'http://localhost:3000/app/documents' },
        { firstName: 'Ada', decision: 'rejected', reason: 'Foto', documentsUrl: 'http://localhost:3000/app/documents' },
      ],
      'account-deleted': [{ firstName: 'Ada', closedAt: at }],
      'security-alert': (['new_sign_in', 'two_factor_enabled', 'two_factor_disabled', 'recovery_code_used'] as const).map((kind) => ({
        firstName: 'Ada',
        kind,
        occurredAt: at,
        clientIp: '203.0.113.7',
        userAgent: 'Firefox',
        endSessionUrl: kind === 'new_sign_in' ? 'http://localhost:3000/auth/end-session?token=t' : null,
        ...links,
      })),
      'confirm-email-change': [{ firstName: 'Ada', newEmail: 'ada@example.test', confirmationUrl: 'http://localhost:3000/c', issuedAt: at, expiresAt: inHours(24 * 7) }],
      'email-changed': [{ firstName: 'Ada', newEmail: 'ada@example.test', changedAt: at }],
      'email-change-requested': [{ firstName: 'Ada', newEmail: 'someone@example.test', requestedAt: at, resetPasswordUrl: 'http://localhost:3000/auth/reset-password' }],
      'sign-up-attempted': [{ firstName: 'Ada', attemptedAt: at, signInUrl: 'http://localhost:3000/auth/login?portal=customer', resetPasswordUrl: links.resetPasswordUrl }],
    };
    const all = (Object.keys(cases) as EmailTemplateName[]).flatMap((template) => cases[template].map((params) => [template, params] as [EmailTemplateName, never]));
    // Words that only English uses; the brand name "Investment Portal" and values aside, none may remain.
    const ENGLISH = /\b(the|your|you|please|with|this|been|our|will|have|when|account|hello|sign|if)\b/i;
    const withoutBrand = (text: string) => text.replace(/Investment Portal|Global Investment Partnership Program/g, '');

    it.each(['es', 'fr', 'de'])('renders every template in %s, with no English left and no missing word', (language) => {
      for (const [template, params] of all) {
        const english = renderEmail(template, params);
        const email = renderEmail(template, params, language);
        const where = `${template} (${language})`;
        expect({ where, subject: email.subject === english.subject }).toEqual({ where, subject: false });
        for (const part of [email.subject, email.text]) {
          expect({ where, english: withoutBrand(part).match(ENGLISH)?.[0] ?? null }).toEqual({ where, english: null });
          expect({ where, missing: /undefined|null|\[object/.test(part) }).toEqual({ where, missing: false });
        }
        expect(email.html).toContain(`<html lang="${language}">`);
      }
    });

    it('renders English exactly as before when the language is English, unknown or missing', () => {
      for (const [template, params] of all) {
        const english = renderEmail(template, params);
        expect(renderEmail(template, params, 'en')).toEqual(english);
        expect(renderEmail(template, params, 'pt')).toEqual(english);
        expect(renderEmail(template, params, null)).toEqual(english);
        expect(english.html).toContain('<html lang="en">');
      }
    });

    it('tells the customer why a deposit or withdrawal was rejected, in their language (issue 30)', () => {
      const deposit = renderEmail('transaction-rejected', { ...money, kind: 'deposit', reason: 'The transfer never <arrived>' });
      expect(deposit.subject).toBe('Your deposit was rejected');
      expect(deposit.text).toContain('Your deposit of 1,500.00 USD (reference DP-1) was rejected and nothing was credited to your balance.');
      expect(deposit.text).toContain('Reason given by our team: The transfer never <arrived>');
      expect(deposit.html).toContain('Reason given by our team: The transfer never &lt;arrived&gt;');
      expect(deposit.text).not.toContain('held for it');
      const withdrawal = renderEmail('transaction-rejected', { ...money, kind: 'withdrawal', reason: 'Kontoname passt nicht' }, 'de');
      expect(withdrawal.subject).toBe('Ihre Auszahlung wurde abgelehnt');
      expect(withdrawal.text).toContain('Der dafür einbehaltene Betrag steht Ihnen auf Ihrem Guthaben wieder zur Verfügung.');
      expect(withdrawal.text).toContain('Begründung unseres Teams: Kontoname passt nicht');
    });

    it('tells a German customer of a credited deposit in German, with German dates and amounts', () => {
      const email = renderEmail('deposit-completed', money, 'de');
      expect(email.subject).toBe('Ihre Einzahlung wurde gutgeschrieben');
      expect(email.text).toContain('Hallo Ada,');
      expect(email.text).toContain('Ihre Einzahlung von 1.500,00 USD (Referenz DP-1) ist eingegangen');
      expect(renderEmail('confirm-email', cases['confirm-email'][0], 'de').text).toContain('Dieser Link ist 24 Stunden lang gültig (bis zum 22. November 2025 um 06:00 UTC).');
      expect(renderEmail('confirm-email', cases['confirm-email'][0], 'fr').text).toContain('Ce lien est valable 24 heures (jusqu’au 22 novembre 2025 à 06:00 UTC).');
      expect(renderEmail('confirm-email', cases['confirm-email'][0], 'es').text).toContain('Este enlace es válido durante 24 horas (hasta el 22 de noviembre de 2025 a las 6:00 UTC).');
    });
  });
});
