import { PASSWORD_MAX_LENGTH, userMessage, UserMessageCode } from '@portal/contracts';
import { fieldRefusal, ServiceError } from '@portal/messaging';

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

// The catalogue's texts of the first two say 8 and 128: ADMIN_PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH.
const REQUIREMENTS: { code: UserMessageCode; met: (password: string) => boolean }[] = [
  { code: 'password_rule_min_length', met: (password) => [...password].length >= ADMIN_PASSWORD_MIN_LENGTH },
  { code: 'password_rule_max_length', met: (password) => [...password].length <= PASSWORD_MAX_LENGTH },
  { code: 'password_rule_uppercase', met: (password) => /\p{Lu}/u.test(password) },
  { code: 'password_rule_lowercase', met: (password) => /\p{Ll}/u.test(password) },
  { code: 'password_rule_number', met: (password) => /\p{Nd}/u.test(password) },
  { code: 'password_rule_special', met: (password) => /[^\p{L}\p{N}]/u.test(password) },
];

function unmetRequirements(password: string): UserMessageCode[] {
  return REQUIREMENTS.filter((requirement) => !requirement.met(password)).map((requirement) => requirement.code);
}

/** Each requirement of the admin password policy that the password misses, in a fixed order. */
export function unmetAdminPasswordRequirements(password: string): string[] {
  return unmetRequirements(password).map((code) => userMessage(code));
}

/** 400 'Password requirements not met', listing each missing requirement in details. */
export function assertAdminPassword(password: string): void {
  const unmet = unmetRequirements(password);
  if (unmet.length > 0) {
    throw ServiceError.of(400, 'password_requirements_not_met', { details: unmet.map((code) => fieldRefusal('password', code)) });
  }
}
