import { isApiError, serverMessage } from '../api/api-error';
import { texts } from '../i18n/texts';

const SubmitText = texts('money', ['signInToDeposit'] as const);

/** Spec 02 §8 error catalogue: the gateway's words when it sent some, else the default. */
export function submitProblem(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 401) return SubmitText.signInToDeposit;
  return serverMessage(error) ?? fallback;
}
