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

/** Sign-up checks in the order of spec 01 §5, the same order the gateway applies. */
export function signupProblem(fields: SignupFields): string | null {
  if (!fields.firstName.trim()) return AuthText.firstNameRequired;
  if (!fields.lastName.trim()) return AuthText.lastNameRequired;
  const email = fields.email.trim();
  if (!email) return AuthText.emailRequired;
  if (!LOOKS_LIKE_EMAIL.test(email)) return AuthText.emailInvalid;
  return newPasswordProblem(fields.password, fields.confirmPassword);
}
