/**
 * The bank details of a withdrawal, checked as banks check them (issue 28): an IBAN by
 * ISO 13616 (its country's length and the mod-97 check digits), a SWIFT/BIC code by the
 * shape of ISO 9362, any other account number as 4 to 17 digits. Spaces are ignored and
 * letters may be lower case.
 *
 * The ledger checks them behind RequestWithdrawalPayload; the withdrawal form checks them
 * before sending. Each words the problems itself, from the codes below.
 */

/** IBAN length of every country of the SWIFT IBAN registry (release of December 2024). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27,
  BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28,
  EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23,
  GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26,
  IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21,
  LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25,
  SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Why an account number, IBAN or SWIFT/BIC code is refused. */
export type IbanProblem = 'iban_format' | 'iban_country' | 'iban_length' | 'iban_check_digits';
export type AccountNumberProblem = IbanProblem | 'account_number';
export type BankDetailsProblem = AccountNumberProblem | 'swift_code';

/**
 * Each problem's code in the registry of user messages (messages/user-messages.ts):
 * the server sends its English words, the web app shows the `server` catalogue's text of the code.
 */
export const BANK_DETAILS_MESSAGE_CODES = {
  iban_format: 'iban_format_invalid',
  iban_country: 'iban_country_invalid',
  iban_length: 'iban_length_invalid',
  iban_check_digits: 'iban_check_digits_invalid',
  account_number: 'account_number_format_invalid',
  swift_code: 'swift_code_invalid',
} as const satisfies Record<BankDetailsProblem, string>;

/** A domestic account number: 4 to 17 digits once spaces are taken out. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/;
/** ISO 9362: bank (4 letters), country (2 letters), location (2 letters or digits), optional branch (3). */
export const SWIFT_CODE_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The value as banks read it: without spaces, in capitals. */
export function compactBankValue(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether an account number is read as an IBAN: it starts with two letters and two digits
 * (a country code and check digits), or it is longer than 15 characters and not only
 * digits. A number of digits alone is a domestic account number (up to 17 digits).
 */
export function looksLikeIban(value: string): boolean {
  const compact = compactBankValue(value);
  return /^[A-Z]{2}\d{2}/.test(compact) || (compact.length > 15 && !/^\d+$/.test(compact));
}

/** ISO 7064 MOD 97-10 of an IBAN moved round (country and check digits at the end), letters counting 10 to 35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = parseInt(character, 36);
    remainder = (value < 10 ? remainder * 10 + value : remainder * 100 + value) % 97;
  }
  return remainder;
}

/** The first thing wrong with an IBAN, or null for a valid one. */
export function ibanProblem(value: string): IbanProblem | null {
  const compact = compactBankValue(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return 'iban_format';
  const length = ibanLength(compact.slice(0, 2));
  if (length === undefined) return 'iban_country';
  if (compact.length !== length) return 'iban_length';
  // Check digits are 02 to 98; 00, 01 and 99 are never issued.
  const checkDigits = Number(compact.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98 || mod97(compact.slice(4) + compact.slice(0, 4)) !== 1) return 'iban_check_digits';
  return null;
}

/** The IBAN length of a country of the registry (two capital letters), or undefined. */
export function ibanLength(country: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(IBAN_LENGTHS, country) ? IBAN_LENGTHS[country] : undefined;
}

export function validIban(value: string): boolean {
  return ibanProblem(value) === null;
}

/** What is wrong with a withdrawal's account number (an IBAN or a domestic number), or null. */
export function accountNumberProblem(value: string): AccountNumberProblem | null {
  if (looksLikeIban(value)) return ibanProblem(value);
  return ACCOUNT_NUMBER_PATTERN.test(compactBankValue(value)) ? null : 'account_number';
}

export function validAccountNumber(value: string): boolean {
  return accountNumberProblem(value) === null;
}

/** The values of a problem's message: an IBAN of the wrong length names its country and that country's length. */
export function bankDetailsMessageParams(problem: BankDetailsProblem, value: string): Record<string, string> {
  if (problem !== 'iban_length') return {};
  const country = compactBankValue(value).slice(0, 2);
  return { country, length: String(ibanLength(country) ?? '') };
}

/** A SWIFT/BIC code of 8 or 11 characters, in capitals or not, spaces around it trimmed. */
export function validSwiftCode(value: string): boolean {
  return SWIFT_CODE_PATTERN.test(value.trim().toUpperCase());
}
