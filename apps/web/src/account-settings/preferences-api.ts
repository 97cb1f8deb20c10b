import type { components } from '@portal/api-client';
import { useQuery } from '@tanstack/react-query';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type UserPreferences = Schemas['UserPreferences'];
export type PreferencesUpdate = Schemas['UpdatePreferencesPayload'];
export type NotificationPreferences = Schemas['NotificationPreferences'];
export type AppPreferences = Schemas['AppPreferences'];
export type PrivacyPreferences = Schemas['PrivacyPreferences'];

export const preferencesKey = ['me', 'preferences'] as const;

export const preferencesApi = {
  get: () => callGateway((client, init) => client.GET('/api/v1/me/preferences', init)),
  put: (body: PreferencesUpdate) => callGateway((client, init) => client.PUT('/api/v1/me/preferences', { ...init, body })),
};

/** The signed-in person's preferences as the server holds them (shared by the settings tabs and the theme). */
export function usePreferences(enabled = true) {
  return useQuery({ queryKey: preferencesKey, queryFn: preferencesApi.get, enabled });
}
