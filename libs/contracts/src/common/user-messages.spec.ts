import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage, ValidationError } from 'class-validator';
import * as contracts from '../index';
import { errorBody } from './errors';
import { placeholdersOf, USER_MESSAGES, userMessage } from '@portal/domain-rules';
import { findUserMessage } from './user-message-lookup';
import { validationErrorBody } from './validation-errors';

const LOCALES = join(__dirname, '../../../../apps/web/src/api/locales');
const catalogue = (language: string): Record<string, string> => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8'));
const english = USER_MESSAGES as Record<string, string>;

/**
 * Messages that name a parameter of the API by its identifier (`limit must be ...`), and
 * class-validator's own templates (`$property ...`), are for developers calling the API;
 * a form never produces them, so they carry no code.
 */
const forDevelopers = (text: string) => /^[a-z][A-Za-z.]* (must|may|is required)/.test(text) || text.includes('$property');

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
    expect(texts.filter((text) => !findUserMessage(text))).toEqual([]);
  });

  it('holds every validation message of the contracts’ payloads, except those naming an API parameter', () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, { message?: unknown }[]> };
    const messages = [...storage.validationMetadatas.values()].flat().map((rule) => rule.message);
    const texts = [...new Set(messages.filter((message): message is string => typeof message === 'string'))];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => !forDevelopers(text) && !findUserMessage(text))).toEqual([]);
  });
});

describe('finding the code of a message', () => {
  it('finds a text as it is sent and the values of its placeholders', () => {
    expect(findUserMessage('Invalid email or password')).toEqual({ code: 'invalid_credentials' });
    expect(findUserMessage('The ledger service is unavailable. Please try again shortly.')).toEqual({ code: 'service_unavailable', params: { name: 'ledger' } });
    expect(findUserMessage('Minimum withdrawal amount is $250.')).toEqual({ code: 'below_minimum', params: { minimum: '250' } });
    expect(findUserMessage('Something nobody registered')).toBeUndefined();
  });

  it('finds refusals naming a status or role, with the word as the service stores it', () => {
    expect(findUserMessage('This transaction is already completed.')).toEqual({ code: 'already_decided', params: { status: 'completed' } });
    expect(findUserMessage('This security deposit is already unlocked.')).toEqual({ code: 'security_deposit_unchanged', params: { status: 'unlocked' } });
    expect(findUserMessage('The ticket is already in progress.')).toEqual({ code: 'ticket_status_unchanged', params: { status: 'in progress' } });
    expect(findUserMessage('This document has already been rejected.')).toEqual({ code: 'document_already_reviewed', params: { status: 'rejected' } });
    expect(findUserMessage('KYC has already been verified.')).toEqual({ code: 'kyc_already_decided', params: { status: 'verified' } });
    expect(findUserMessage('This account is already suspended.')).toEqual({ code: 'account_status_unchanged', params: { status: 'suspended' } });
    expect(findUserMessage('This administrator is already super_admin.')).toEqual({ code: 'admin_role_unchanged', params: { role: 'super_admin' } });
  });

  it('tells the card and application refusals naming a status and a decision apart, with both words', () => {
    expect(findUserMessage('Only pending card requests can be cancelled. This request is rejected.')).toEqual({ code: 'not_pending', params: { status: 'rejected' } });
    expect(findUserMessage('Only pending card requests can be approved. This request is delivered.')).toEqual({
      code: 'card_decision_not_pending',
      params: { decision: 'approved', status: 'delivered' },
    });
    expect(findUserMessage('Only approved card requests can be marked delivered. This request is pending.')).toEqual({ code: 'card_delivery_not_approved', params: { status: 'pending' } });
    expect(findUserMessage('An application that is under review cannot be moved to under review.')).toEqual({
      code: 'invalid_transition',
      params: { status: 'under review', decision: 'under review' },
    });
    // The bare sentence stays its own message.
    expect(findUserMessage('Only pending card requests can be cancelled.')).toEqual({ code: 'only_pending_cancel' });
  });

  it('builds the English text from a code, as the services send it', () => {
    expect(userMessage('service_timeout', { name: 'kyc' })).toBe('The kyc service took too long to answer. Please try again.');
    expect(userMessage('below_minimum', { minimum: 100 })).toBe(contracts.LEDGER_MESSAGES.minimumWithdrawal);
  });
});

describe('error bodies', () => {
  it('carry the code of a registered message, whatever generic code the caller gave', () => {
    expect(errorBody(401, 'Invalid email or password')).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password', code: 'invalid_credentials' });
    expect(errorBody(400, 'All fields are required', { code: 'validation_failed' }).code).toBe('all_fields_required');
    // API clients keep reading the same English text.
    expect(errorBody(409, 'This account is already active.', { code: 'no_change' })).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This account is already active.',
      code: 'account_status_unchanged',
      params: { status: 'active' },
    });
    // The card service used to send both of its refusals of a decision as invalid_transition.
    expect(errorBody(409, 'Only pending card requests can be rejected. This request is approved.', { code: 'invalid_transition' })).toMatchObject({
      message: 'Only pending card requests can be rejected. This request is approved.',
      code: 'card_decision_not_pending',
      params: { decision: 'rejected', status: 'approved' },
    });
    expect(errorBody(503, 'The ledger service could not be reached. Please try again shortly.', { code: 'service_unavailable' })).toMatchObject({
      code: 'service_unreachable',
      params: { name: 'ledger' },
    });
  });

  it('keep the caller’s code for a message that is not registered, and add none when there is none', () => {
    expect(errorBody(409, 'Already done', { code: 'conflict' })).toEqual({ statusCode: 409, error: 'Conflict', message: 'Already done', code: 'conflict' });
    expect(errorBody(409, 'Already done')).toEqual({ statusCode: 409, error: 'Conflict', message: 'Already done' });
  });

  it('give each field detail its code, and a validation failure the code of its first problem', () => {
    const errors: ValidationError[] = [
      { property: 'email', constraints: { isEmail: 'Please enter a valid email address' }, children: [] },
      { property: 'password', constraints: { minLength: 'Password must be at least 6 characters' }, children: [] },
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
