import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type AdminSettingView = Schemas['AdminSettingView'];
export type SettingHistory = Schemas['SettingHistory'];
export type SettingHistoryEntry = Schemas['SettingHistoryEntry'];

export const systemSettingsApi = {
  list: () => callGateway((client, init) => client.GET('/api/v1/admin/settings', init)),
  update: (key: string, value: unknown) =>
    callGateway((client, init) => client.PUT('/api/v1/admin/settings/{key}', { ...init, params: { path: { key: key as never } }, body: { value: value as Record<string, never> } })),
  history: (key: string) => callGateway((client, init) => client.GET('/api/v1/admin/settings/{key}/history', { ...init, params: { path: { key: key as never } } })),
};
