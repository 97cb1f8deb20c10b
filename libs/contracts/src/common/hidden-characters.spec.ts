import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import * as ts from 'typescript';
import { CreateAdminPayload } from '../identity/account-administration';
import { SignUpPayload } from '../identity/auth';
import { UpdateProfilePayload } from '../identity/profile';
import { CreateCardRequestPayload } from '../ledger/cards';
import { RequestWithdrawalPayload } from '../ledger/commands';
import { ApplicationInput } from '../applications/commands';
import { CreateTicketPayload } from '../support/commands';
import * as contracts from './hidden-characters';
import { USER_MESSAGES } from './user-messages';

type HiddenCharacters = typeof contracts;

const SERVER_COPY = join(__dirname, 'hidden-characters.ts');
const WEB_COPY = join(__dirname, '../../../../apps/web/src/ui/hidden-characters.ts');

/** The web forms' copy of the rule, compiled and run as it is (the web app cannot import the contracts). */
function webCopy(): HiddenCharacters {
  const { outputText } = ts.transpileModule(readFileSync(WEB_COPY, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} as HiddenCharacters };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports;
}

const REFUSED = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'].map((character) => [`Ada${character}nimda`, 'text direction']),
  ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'].map((character) => [`Ad${character}a`, 'zero width']),
];
const ACCEPTED = ['Ada', 'Zoë Ångström', 'Jean-Luc O’Neil', 'محمد', 'אדה', '王小明', 'Ada Lovelace (née Byron)'];

describe('names that cannot pose as others (issue 29)', () => {
  it('has one rule: the web forms’ copy is this file, character for character', () => {
    expect(readFileSync(WEB_COPY, 'utf8')).toBe(readFileSync(SERVER_COPY, 'utf8'));
  });

  describe.each([
    ['the server', () => contracts],
    ['the web forms', webCopy],
  ])('as %s checks them', (_side, load: () => HiddenCharacters) => {
    const rules = load();

    it.each(REFUSED)('refuses %j (%s)', (name) => expect(rules.hasHiddenCharacters(name)).toBe(true));
    it.each(ACCEPTED)('accepts %j, right-to-left scripts included', (name) => expect(rules.hasHiddenCharacters(name)).toBe(false));
    it('drops only the direction controls from a subject', () => expect(rules.withoutDirectionControls('Refund \u202Eexe.gnp\u202C\u200B')).toBe('Refund exe.gnp\u200B'));
  });

  const names: [string, new () => object, Record<string, unknown>, string[]][] = [
    ['sign-up', SignUpPayload, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', password: 'secret-pass', confirmPassword: 'secret-pass', userType: 'customer' }, ['firstName', 'lastName']],
    ['profile', UpdateProfilePayload, {}, ['firstName', 'lastName']],
    ['create admin', CreateAdminPayload, {}, ['firstName', 'lastName']],
    ['withdrawal account holder', RequestWithdrawalPayload, {}, ['accountName']],
    ['card name', CreateCardRequestPayload, { cardType: 'virtual', reason: 'travel' }, ['cardName']],
    ['application', ApplicationInput, { applicationType: 'gipp' }, ['fullName', 'companyName']],
  ];

  it.each(names)('%s: each name field refuses hidden characters with the registry’s message, and takes plain names', async (_form, payload, base, fields) => {
    for (const field of fields) {
      const refused = await validate(plainToInstance(payload, { ...base, [field]: 'Ada\u202Enimda' }));
      expect(refused.find((error) => error.property === field)?.constraints).toEqual({ isPlainName: USER_MESSAGES.name_hidden_characters });
      const zeroWidth = await validate(plainToInstance(payload, { ...base, [field]: 'Ad\u200Ba' }));
      expect(zeroWidth.find((error) => error.property === field)?.constraints).toEqual({ isPlainName: USER_MESSAGES.name_hidden_characters });
      const plain = await validate(plainToInstance(payload, { ...base, [field]: 'Zoë Ångström' }));
      expect(plain.find((error) => error.property === field)).toBeUndefined();
    }
  });

  it('ticket subjects still drop the direction controls rather than refuse', async () => {
    const ticket = plainToInstance(CreateTicketPayload, { subject: ' Refund \u202Eexe.gnp\u202C ', category: 'Payments', priority: 'low', message: 'Hi' });
    expect(ticket.subject).toBe('Refund exe.gnp');
  });
});
