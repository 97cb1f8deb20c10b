import type { ChangePasswordPayload, UpdateSecurityPreferencesPayload } from '@portal/api-client';
import { callGateway } from '../api/http';

/** The signed-in person's Security tab endpoints. */
export const securityApi = {
  changePassword: (body: ChangePasswordPayload) => callGateway((client, init) => client.POST('/api/v1/me/password', { ...init, body })),
  preferences: () => callGateway((client, init) => client.GET('/api/v1/me/security', init)),
  updatePreferences: (body: UpdateSecurityPreferencesPayload) => callGateway((client, init) => client.PUT('/api/v1/me/security', { ...init, body })),
  startTwoFactor: () => callGateway((client, init) => client.POST('/api/v1/me/two-factor/enrol', init)),
  confirmTwoFactor: (code: string) => callGateway((client, init) => client.POST('/api/v1/me/two-factor/confirm', { ...init, body: { code } })),
  disableTwoFactor: (code: string) => callGateway((client, init) => client.POST('/api/v1/me/two-factor/disable', { ...init, body: { code } })),
};

export const securityKeys = {
  preferences: ['me', 'security'] as const,
};
