import { connectSession } from '../api/http';
import { authApi } from './auth-api';
import { browserLock, SessionManager } from './session-manager';

/** The page's one session, wired into the HTTP layer so API calls carry its token. */
export function createAppSession(): SessionManager {
  const manager = new SessionManager({
    renew: authApi.refresh,
    revoke: authApi.logout,
    exclusive: browserLock('portal-session-renewal'),
  });
  connectSession({ getAccessToken: manager.getAccessToken, refreshSession: manager.renew });
  return manager;
}
