import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type AdminStatsView = Schemas['AdminStatsView'];
export type EarningsFigures = Schemas['EarningsFigures'];

export const overviewKeys = {
  all: ['admin-overview'] as const,
  stats: () => [...overviewKeys.all, 'stats'] as const,
};

export const overviewApi = {
  stats: () => callGateway((client, init) => client.GET('/api/v1/admin/stats', init)),
};
