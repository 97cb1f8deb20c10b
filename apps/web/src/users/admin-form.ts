import type { AdminRole } from '@portal/domain-rules';
import { texts } from '../i18n/texts';
import { hiddenCharactersProblem } from '../ui/name-rule';

/**
 * Spec 02 §5 for the Create Admin dialog, mirrored from the server's checks (which decide):
 * word for word in English, read from the `users` catalogue (`messages.*`) when used.
 */
export const ADMIN_FORM_MESSAGES = texts('users', ['allFieldsRequired', 'invalidEmail', 'passwordRequirementsNotMet', 'passwordsDoNotMatch'] as const);

export interface AdminForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  adminRole: AdminRole;
}

/** The first problem in the spec's order, or null. */
export function adminFormProblem(form: AdminForm): string | null {
  if (!form.firstName.trim() || !form.lastName.trim() || !form.email.trim() || !form.password) return ADMIN_FORM_MESSAGES.allFieldsRequired;
  const names = hiddenCharactersProblem(form.firstName) ?? hiddenCharactersProblem(form.lastName);
  if (names) return names;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return ADMIN_FORM_MESSAGES.invalidEmail;
  const password = form.password;
  if ([...password].length < 8 || !/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password) || !/\p{Nd}/u.test(password) || !/[^\p{L}\p{N}]/u.test(password)) {
    return ADMIN_FORM_MESSAGES.passwordRequirementsNotMet;
  }
  if (form.confirmPassword !== password) return ADMIN_FORM_MESSAGES.passwordsDoNotMatch;
  return null;
}
