import { hiddenCharactersProblem } from '../ui/name-rule';
import { AuthText, PASSWORD_MIN_LENGTH } from './messages';

export interface SignupFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

// Deliberately loose: the gateway has the final word on what a valid address is.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The new-password rules shared by sign-up and reset: required, at least 6 characters,
 * equal to the confirmation. Returns the first problem, or null.
 */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (!password) return AuthText.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AuthText.passwordTooShort;
  if (password !== confirmPassword) return AuthText.passwordsDiffer;
  return null;
}

/** A field of the sign-up form and what is wrong with it. */
export type SignupFieldProblem = { field: keyof SignupFields; message: string };

/**
 * Every sign-up problem at once, one per field, in the order of spec 01 §5 (the same
 * order the gateway applies): each is shown at its field, the first also above the form.
 */
export function signupFieldProblems(fields: SignupFields): SignupFieldProblem[] {
  const problems: SignupFieldProblem[] = [];
  const name = (field: 'firstName' | 'lastName', required: string) => {
    const message = fields[field].trim() ? hiddenCharactersProblem(fields[field]) : required;
    if (message) problems.push({ field, message });
  };
  name('firstName', AuthText.firstNameRequired);
  name('lastName', AuthText.lastNameRequired);
  // Both names are checked for emptiness before either is checked for hidden characters, as the gateway does.
  problems.sort((a, b) => rank(a.message) - rank(b.message));
  const email = fields.email.trim();
  if (!email) problems.push({ field: 'email', message: AuthText.emailRequired });
  else if (!LOOKS_LIKE_EMAIL.test(email)) problems.push({ field: 'email', message: AuthText.emailInvalid });
  if (!fields.password) problems.push({ field: 'password', message: AuthText.passwordRequired });
  else if (fields.password.length < PASSWORD_MIN_LENGTH) problems.push({ field: 'password', message: AuthText.passwordTooShort });
  else if (fields.password !== fields.confirmPassword) problems.push({ field: 'confirmPassword', message: AuthText.passwordsDiffer });
  return problems;
}

/** Missing names come before names with hidden characters. */
function rank(message: string): number {
  return message === AuthText.firstNameRequired || message === AuthText.lastNameRequired ? 0 : 1;
}

/** Sign-up checks in the order of spec 01 §5, the same order the gateway applies: the first problem, or null. */
export function signupProblem(fields: SignupFields): string | null {
  return signupFieldProblems(fields)[0]?.message ?? null;
}
