import { dictionary } from '@zxcvbn-ts/language-common';
import { USER_MESSAGES } from '@portal/contracts';
import { fieldRefusal, ServiceError } from '@portal/messaging';

export const COMMON_PASSWORD_MESSAGE = USER_MESSAGES.common_password;

let commonPasswords: Set<string> | null = null;

/**
 * The 49,000 passwords seen most often in breaches (zxcvbn-ts's common list), shipped
 * with the project so the check needs no network; compared case-insensitively, since
 * 'Password1' is guessed as early as 'password1'.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** 400 naming the password field, at sign-up, reset, change and admin creation. */
export function assertNotCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw ServiceError.of(400, 'common_password', { details: [fieldRefusal(field, 'common_password')] });
  }
}
