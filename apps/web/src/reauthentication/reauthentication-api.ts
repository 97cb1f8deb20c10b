import type { PasskeyAuthenticationCredential } from '@portal/api-client';
import { callGateway } from '../api/http';

/** Confirming it is you again (POST /auth/reauthenticate), with one proof. */
export const reauthenticationApi = {
  withPassword: (password: string) => callGateway((client, init) => client.POST('/api/v1/auth/reauthenticate', { ...init, body: { password } })),
  withCode: (code: string) => callGateway((client, init) => client.POST('/api/v1/auth/reauthenticate', { ...init, body: { code } })),
  passkeyOptions: () => callGateway((client, init) => client.POST('/api/v1/auth/reauthenticate/passkey-options', init)),
  withPasskey: (passkey: PasskeyAuthenticationCredential) => callGateway((client, init) => client.POST('/api/v1/auth/reauthenticate', { ...init, body: { passkey } })),
};
