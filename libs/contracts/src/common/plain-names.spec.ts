import 'reflect-metadata';
import { USER_MESSAGES } from '@portal/domain-rules';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApplicationInput } from '../applications/commands';
import { CreateAdminPayload } from '../identity/account-administration';
import { SignUpPayload } from '../identity/auth';
import { UpdateProfilePayload } from '../identity/profile';
import { CreateCardRequestPayload } from '../ledger/cards';
import { RequestWithdrawalPayload } from '../ledger/commands';
import { CreateTicketPayload } from '../support/commands';

describe('the payloads that take names refuse hidden characters (issue 29; the rule is in @portal/domain-rules)', () => {
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
