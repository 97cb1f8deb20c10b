import { callGateway } from '../api/http';

export const settingsApi = {
  /** What the UI needs before sign-in: answers the contract's `PublicSettings`. */
  getPublic: () =>
    callGateway((client, init) => client.GET('/api/v1/settings/public', init), { authenticated: false }),
};
