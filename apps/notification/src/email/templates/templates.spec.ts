import { describeValidity, displayName, escapeHtml } from './layout';
import { EmailTemplateName, EmailTemplateParams, renderEmail } from '.';

const issuedAt = '2025-11-21T06:00:00.000Z';
const inHours = (hours: number) => new Date(Date.parse(issuedAt) + hours * 3_600_000).toISOString();

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
        ...links,
      })),
      'confirm-email-change': [{ firstName: 'Ada', newEmail: 'ada@example.test', confirmationUrl: 'http://localhost:3000/c', issuedAt: at, expiresAt: inHours(24 * 7) }],
      'email-changed': [{ firstName: 'Ada', newEmail: 'ada@example.test', changedAt: at }],
      'email-change-requested': [{ firstName: 'Ada', newEmail: 'someone@example.test', requestedAt: at, resetPasswordUrl: 'http://localhost:3000/auth/reset-password' }],
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
