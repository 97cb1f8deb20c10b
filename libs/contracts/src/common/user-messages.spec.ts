import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage, ValidationError } from 'class-validator';
import * as contracts from '../index';
import { errorBody } from './errors';
import { MESSAGE_PLACEHOLDER, placeholdersOf, USER_MESSAGES, userMessage } from '@portal/domain-rules';
import type { RefusalContext } from './refusal';
import { validationErrorBody } from './validation-errors';

const LOCALES = join(__dirname, '../../../../apps/web/src/api/locales');
const catalogue = (language: string): Record<string, string> => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8'));
const english = USER_MESSAGES as Record<string, string>;

/** Whether a text is a catalogue message, its placeholders filled in (this spec's check only: refusals carry their codes). */
const escaped = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CATALOGUE_TEXTS = Object.values(english).map((text) => new RegExp(`^${text.split(MESSAGE_PLACEHOLDER).map((part, index) => (index % 2 === 1 ? '.+?' : escaped(part))).join('')}$`, 's'));
const inCatalogue = (text: string) => CATALOGUE_TEXTS.some((pattern) => pattern.test(text));

describe('the registry of user messages', () => {
  it('names every message with a unique snake_case code and gives each text once', () => {
    for (const code of Object.keys(english)) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const texts = Object.values(english);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('is what apps/web/src/api/locales/en.json holds (npm run i18n:server-catalogue writes it)', () => {
    expect(readFileSync(join(LOCALES, 'en.json'), 'utf8')).toBe(`${JSON.stringify(USER_MESSAGES, null, 2)}\n`);
  });

  it.each(['es', 'fr', 'de'])('has a translation of every message in %s, with the same placeholders and no English left', (language) => {
    const translated = catalogue(language);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [code, text] of Object.entries(english)) {
      expect({ code, value: translated[code].trim().length > 0 }).toEqual({ code, value: true });
      expect({ code, placeholders: placeholdersOf(translated[code]).sort() }).toEqual({ code, placeholders: placeholdersOf(text).sort() });
      expect({ code, differs: translated[code] !== text }).toEqual({ code, differs: true });
    }
  });

  it('holds every message of the contracts that people read', () => {
    const groups = [
      contracts.AuthMessages,
      contracts.AccountSecurityMessages,
      contracts.SessionDeviceMessages,
      contracts.PasskeyMessages,
      contracts.ProfileMessages,
      contracts.ACCOUNT_CLOSURE_MESSAGES,
      contracts.CARD_MESSAGES,
      contracts.LEDGER_MESSAGES,
      contracts.APPLICATION_MESSAGES,
      contracts.MISSING_DOCUMENT_MESSAGES,
      contracts.SupportMessages,
      contracts.NotificationMessages,
      contracts.WebhookMessages,
    ];
    const singles = [
      contracts.DELETE_WITH_BALANCE_MESSAGE,
      contracts.BIOMETRIC_NOT_AVAILABLE_MESSAGE,
      contracts.FILE_TOO_LARGE_MESSAGE,
      contracts.KYC_FILE_TOO_LARGE_MESSAGE,
      contracts.KYC_FILE_TOO_SMALL_MESSAGE,
      contracts.FILE_TYPE_MESSAGE,
      contracts.PROFILE_PHOTO_TYPE_MESSAGE,
      contracts.PROFILE_PHOTO_TOO_LARGE_MESSAGE,
      contracts.KYC_FILE_TYPE_MESSAGE,
      contracts.KYC_REJECTION_REASON_MESSAGE,
      contracts.ADMIN_AREA_DENIED,
    ];
    const texts = [...groups.flatMap((group) => Object.values(group).filter((value): value is string => typeof value === 'string')), ...singles];
    expect(texts.filter((text) => !inCatalogue(text))).toEqual([]);
  });

  // Issue 31: one naming an API parameter (`limit must be ...`) too, so clients translate every refusal by its code.
  // Only class-validator's own templates (`$property ...`, as a rule given no message says) have none.
  it('gives every validation rule of the contracts’ payloads the code of its message', () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, { message?: unknown; context?: RefusalContext }[]> };
    const rules = [...storage.validationMetadatas.values()].flat().filter((rule): rule is { message: string; context?: RefusalContext } => typeof rule.message === 'string');
    expect(rules.length).toBeGreaterThan(50);
    const uncoded = rules.filter((rule) => !rule.message.includes('$property') && !(rule.context && userMessage(rule.context.code, rule.context.params) === rule.message));
    expect([...new Set(uncoded.map((rule) => rule.message))]).toEqual([]);
  });
});

describe('a message by its code', () => {
  it('builds the English text from a code, as the services send it', () => {
    expect(userMessage('service_timeout', { name: 'kyc' })).toBe('The kyc service took too long to answer. Please try again.');
    expect(userMessage('below_minimum', { minimum: 100 })).toBe(contracts.LEDGER_MESSAGES.minimumWithdrawal);
  });
});

describe('error bodies', () => {
  it('carry the code they are given and never one guessed from the English', () => {
    expect(errorBody(401, 'Invalid email or password')).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    expect(errorBody(409, 'Already done', { code: 'conflict' })).toEqual({ statusCode: 409, error: 'Conflict', message: 'Already done', code: 'conflict' });
  });

  it('give each field detail the code of the rule that refused it, and a validation failure the code of its first problem', () => {
    const errors: ValidationError[] = [
      { property: 'email', constraints: { isEmail: 'Please enter a valid email address' }, contexts: { isEmail: { code: 'email_invalid' } }, children: [] },
      { property: 'password', constraints: { minLength: 'Password must be at least 6 characters' }, contexts: { minLength: { code: 'password_too_short' } }, children: [] },
      { property: 'limit', constraints: { isInt: 'limit must be a whole number from 1 to 100' }, children: [] },
    ];
    expect(validationErrorBody(errors)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please enter a valid email address',
      code: 'email_invalid',
      details: [
        { field: 'email', message: 'Please enter a valid email address', code: 'email_invalid' },
        { field: 'password', message: 'Password must be at least 6 characters', code: 'password_too_short' },
        { field: 'limit', message: 'limit must be a whole number from 1 to 100' },
      ],
    });
  });
});
