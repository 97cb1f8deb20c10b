import type { RegisterPasskeyPayload } from '@portal/api-client';
import { callGateway } from '../api/http';

/** The signed-in person's passkeys (Settings → Security). */
export const passkeysApi = {
  list: () => callGateway((client, init) => client.GET('/api/v1/me/passkeys', init)),
  registrationOptions: () => callGateway((client, init) => client.POST('/api/v1/me/passkeys/registration-options', init)),
  register: (body: RegisterPasskeyPayload) => callGateway((client, init) => client.POST('/api/v1/me/passkeys', { ...init, body })),
  rename: (id: string, name: string) => callGateway((client, init) => client.PATCH('/api/v1/me/passkeys/{id}', { ...init, params: { path: { id } }, body: { name } })),
  remove: async (id: string): Promise<void> => {
    await callGateway((client, init) => client.DELETE('/api/v1/me/passkeys/{id}', { ...init, params: { path: { id } } }));
  },
};

export const passkeyKeys = {
  list: ['me', 'passkeys'] as const,
};
