import { isUserMessageCode } from '../messages/user-messages';
import * as rules from './bank-details';
import type { AccountNumberProblem } from './bank-details';

/** Account numbers and IBANs, and what is wrong with each (null: accepted). */
const ACCOUNT_NUMBERS: [string, AccountNumberProblem | null][] = [
  // IBANs of the registry's examples, several countries and lengths
  ['GB82WEST12345698765432', null],
  ['GB29NWBK60161331926819', null],
  ['DE89370400440532013000', null],
  ['FR1420041010050500013M02606', null],
  ['NL91ABNA0417164300', null],
  ['BE68539007547034', null],
  ['NO9386011117947', null],
  ['CH9300762011623852957', null],
  ['ES9121000418450200051332', null],
  ['IT60X0542811101000000123456', null],
  ['PL61109010140000071219812874', null],
  ['BR1800360305000010009795493C1', null],
  ['MT84MALT011000012345MTLCAST001S', null],
  ['LC55HEMM000100010012001200023015', null],
  ['SA0380000000608010167519', null],
  ['NI45BAPR00000013000003558124', null],
  ['YE15CBYE0001018861234567891234', null],
  // as people type them: lower case, in groups of four, spaces around
  ['gb82 west 1234 5698 7654 32', null],
  ['  DE89 3704 0044 0532 0130 00 ', null],
  ['fr14 2004 1010 0505 0001 3m02 606', null],
  // a wrong check digit, check digits never issued
  ['GB82WEST12345698765433', 'iban_check_digits'],
  ['DE89370400440532013001', 'iban_check_digits'],
  ['NL92ABNA0417164300', 'iban_check_digits'],
  ['GB00WEST12345698765432', 'iban_check_digits'],
  ['GB99WEST12345698765432', 'iban_check_digits'],
  // the country's length
  ['GB82WEST1234569876543', 'iban_length'],
  ['DE8937040044053201300', 'iban_length'],
  ['FR1420041010050500013M0260', 'iban_length'],
  ['NL91ABNA04171643001', 'iban_length'],
  // a country that issues no IBANs, or no IBAN shape at all
  ['XX82WEST12345698765432', 'iban_country'],
  ['US12345678901234567', 'iban_country'],
  ['GB82-WEST-1234-5698-7654-32', 'iban_format'],
  ['ABCDEFGHIJKLMNOPQR', 'iban_format'],
  ['1234567890123456X', 'iban_format'],
  // domestic account numbers: 4 to 17 digits, spaces ignored
  ['1234', null],
  ['12345678', null],
  ['1234 5678', null],
  ['123456789012345', null],
  ['1234567890123456', null],
  ['12345678901234567', null],
  ['123', 'account_number'],
  ['123456789012345678', 'account_number'],
  ['abc', 'account_number'],
  ['12-34-56', 'account_number'],
  ['ABCD1234', 'account_number'],
];

const SWIFT_CODES: [string, boolean][] = [
  ['DEUTDEFF', true],
  ['DEUTDEFF500', true],
  ['NWBKGB2L', true],
  ['deutdeff', true],
  [' DEUTDEFF ', true],
  ['BOFAUS3NXXX', true],
  ['XX', false],
  ['DEUTDEF', false],
  ['DEUTDEFF5', false],
  ['DEUTDEFF50', false],
  ['FIRSTGB2L', false],
  ['1EUTDEFF', false],
  ['DEUT1EFF', false],
  ['DEUT DE FF', false],
  ['DEUTDEFF50_', false],
];

describe('the bank details of a withdrawal, as banks check them (issue 28)', () => {
  it.each(ACCOUNT_NUMBERS)('account number %j: %s', (value, problem) => {
    expect(rules.accountNumberProblem(value)).toBe(problem);
    expect(rules.validAccountNumber(value)).toBe(problem === null);
  });

  it.each(SWIFT_CODES)('SWIFT/BIC code %j: %s', (value, valid) => {
    expect(rules.validSwiftCode(value)).toBe(valid);
  });

  it('knows the length of every country of the IBAN registry', () => {
    const { IBAN_LENGTHS, ibanLength } = rules;
    expect(Object.keys(IBAN_LENGTHS)).toHaveLength(89);
    expect({ GB: ibanLength('GB'), DE: ibanLength('DE'), FR: ibanLength('FR'), NL: ibanLength('NL'), NO: ibanLength('NO'), RU: ibanLength('RU'), US: ibanLength('US') }).toEqual({
      GB: 22,
      DE: 22,
      FR: 27,
      NL: 18,
      NO: 15,
      RU: 33,
      US: undefined,
    });
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      expect({ country, valid: /^[A-Z]{2}$/.test(country) && length >= 15 && length <= 34 }).toEqual({ country, valid: true });
    }
  });

  it('checks any IBAN as such, whatever its length, and validIban says the same', () => {
    expect(rules.validIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(rules.validIban('GB82WEST12345698765433')).toBe(false);
    expect(rules.looksLikeIban('NO9386011117947')).toBe(true);
    expect(rules.looksLikeIban('12345678901234567')).toBe(false);
  });

  it('words every problem through a code of the registry of user messages', () => {
    for (const code of Object.values(rules.BANK_DETAILS_MESSAGE_CODES)) expect({ code, known: isUserMessageCode(code) }).toEqual({ code, known: true });
    expect(rules.bankDetailsMessageParams('iban_length', 'gb82 west 1234')).toEqual({ country: 'GB', length: '22' });
    expect(rules.bankDetailsMessageParams('iban_check_digits', 'GB82WEST12345698765433')).toEqual({});
  });
});

