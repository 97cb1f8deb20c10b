import { isApiError, serverMessage } from '../api/api-error';

/** Spec 02 §8 error catalogue: the gateway's words when it sent some, else the default. */
export function submitProblem(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 401) return 'Please sign in to submit a deposit request.';
  return serverMessage(error) ?? fallback;
}
