import type { PasskeyAuthenticationCredential, PasskeyRegistrationCredential } from '@portal/api-client';

/** Why a browser passkey ceremony ended without a credential. */
export type PasskeyCeremonyProblem = 'cancelled' | 'unsupported' | 'already-registered' | 'failed';

/** A ceremony that ended without a credential: the person cancelled, or the browser could not. */
export class PasskeyCeremonyError extends Error {
  constructor(readonly problem: PasskeyCeremonyProblem, cause?: unknown) {
    super(`passkey ceremony: ${problem}`, { cause });
    this.name = 'PasskeyCeremonyError';
  }
}

export function isPasskeyCeremonyError(error: unknown): error is PasskeyCeremonyError {
  return error instanceof PasskeyCeremonyError;
}

function problemOf(error: unknown): PasskeyCeremonyProblem {
  const { code, name, cause } = (error ?? {}) as { code?: string; name?: string; cause?: { name?: string } };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already-registered';
  if (code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  // Closing the prompt, saying no, or letting it time out: browsers answer NotAllowedError for each.
  if (name === 'NotAllowedError' || cause?.name === 'NotAllowedError' || name === 'AbortError' || cause?.name === 'AbortError') return 'cancelled';
  if (name === 'NotSupportedError' || cause?.name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

// The WebAuthn helpers load only when a passkey is used: the sign-in page stays light.
const browserLibrary = () => import('@simplewebauthn/browser');

async function supported(): Promise<typeof import('@simplewebauthn/browser')> {
  const library = await browserLibrary();
  if (!library.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  return library;
}

/** navigator.credentials.create() with the gateway's options: the new passkey's answer. */
export async function createPasskey(publicKey: Record<string, unknown>): Promise<PasskeyRegistrationCredential> {
  const library = await supported();
  try {
    const answer = await library.startRegistration({ optionsJSON: publicKey as unknown as Parameters<typeof library.startRegistration>[0]['optionsJSON'] });
    return answer as PasskeyRegistrationCredential;
  } catch (error) {
    throw new PasskeyCeremonyError(problemOf(error), error);
  }
}

/** navigator.credentials.get() with the gateway's options: the passkey's signed answer. */
export async function signWithPasskey(publicKey: Record<string, unknown>): Promise<PasskeyAuthenticationCredential> {
  const library = await supported();
  try {
    const answer = await library.startAuthentication({ optionsJSON: publicKey as unknown as Parameters<typeof library.startAuthentication>[0]['optionsJSON'] });
    return answer as PasskeyAuthenticationCredential;
  } catch (error) {
    throw new PasskeyCeremonyError(problemOf(error), error);
  }
}
