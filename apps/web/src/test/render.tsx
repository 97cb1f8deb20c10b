import type { AuthSession } from '@portal/api-client';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { SessionManager } from '../auth/session-manager';

/** A session manager whose server calls are jest mocks; timers never fire on their own. */
export function fakeSessionManager(renew: () => Promise<AuthSession>) {
  const revoke = jest.fn(async () => undefined);
  const manager = new SessionManager({ renew, revoke, setTimer: () => () => undefined, sleep: async () => undefined });
  return { manager, revoke };
}

/** Renders routes inside the app's real providers, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  { path, state, session }: { path: string; state?: unknown; session: SessionManager },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const seen: { location?: Location } = {};
  const view = render(
    <AppProviders session={session} queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: searchOf(path), state }]}>
        <Screens routes={routes} seen={seen} />
      </MemoryRouter>
    </AppProviders>,
  );
  /** Where the app is now, after any redirects and navigation. */
  const currentLocation = (): Location => {
    if (!seen.location) throw new Error('The router has not rendered yet');
    return seen.location;
  };
  return { ...view, currentLocation };
}

function Screens({ routes, seen }: { routes: RouteObject[]; seen: { location?: Location } }) {
  seen.location = useLocation();
  return useRoutes(routes);
}

function searchOf(path: string): string {
  const index = path.indexOf('?');
  return index === -1 ? '' : path.slice(index);
}
