import { PASSWORD_MAX_LENGTH } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';

export const ADMIN_PASSWORD_MIN_LENGTH = 8;

/** Words of spec 02 §5 for creating administrators. */
export const AdminAccountMessages = {
  allFieldsRequired: 'All fields are required',
  invalidEmail: 'Please enter a valid email address',
  passwordRequirementsNotMet: 'Password requirements not met',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidRole: 'Please choose a valid admin role',
  duplicateEmail: 'An account with this email already exists',
} as const;

const REQUIREMENTS: { message: string; met: (password: string) => boolean }[] = [
  { message: `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters`, met: (password) => [...password].length >= ADMIN_PASSWORD_MIN_LENGTH },
  { message: `At most ${PASSWORD_MAX_LENGTH} characters`, met: (password) => [...password].length <= PASSWORD_MAX_LENGTH },
  { message: 'One uppercase letter', met: (password) => /\p{Lu}/u.test(password) },
  { message: 'One lowercase letter', met: (password) => /\p{Ll}/u.test(password) },
  { message: 'One number', met: (password) => /\p{Nd}/u.test(password) },
  { message: 'One special character', met: (password) => /[^\p{L}\p{N}]/u.test(password) },
];

/** Each requirement of the admin password policy that the password misses, in a fixed order. */
export function unmetAdminPasswordRequirements(password: string): string[] {
  return REQUIREMENTS.filter((requirement) => !requirement.met(password)).map((requirement) => requirement.message);
}

/** 400 'Password requirements not met', listing each missing requirement in details. */
export function assertAdminPassword(password: string): void {
  const unmet = unmetAdminPasswordRequirements(password);
  if (unmet.length > 0) {
    throw ServiceError.badRequest(AdminAccountMessages.passwordRequirementsNotMet, {
      code: 'validation_failed',
      details: unmet.map((message) => ({ field: 'password', message })),
    });
  }
}
