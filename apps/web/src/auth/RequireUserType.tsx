import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { securityEventsApi } from '../security/security-events-api';
import { LoadingScreen } from '../ui/LoadingScreen';
import { decideAccess, type UserType } from './access-rules';
import { useAuth } from './AuthProvider';

/** Guards a portal area (spec 01 §2, "Route guarding"); renders the area when allowed. */
export function RequireUserType({ userType, children }: { userType: UserType; children?: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  // The refusal's reason is an `auth` text: wait (Suspense) until that catalogue is here,
  // since a page opened directly has not loaded it.
  useTranslation('auth');
  const decision = decideAccess({
    pathname: location.pathname,
    status,
    userType: user?.userType,
    requiredType: userType,
  });

  switch (decision.kind) {
    case 'wait':
      return <LoadingScreen />;
    case 'signIn': {
      const { pathname, search, hash } = location;
      return <Navigate to="/auth/login" replace state={{ from: { pathname, search, hash } }} />;
    }
    case 'deny':
      return <DeniedRedirect path={location.pathname} message={decision.message} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'allow':
      return children ?? <Outlet />;
  }
}

/** Reports the attempt to the server (fire and forget), then shows the access-denied page. */
function DeniedRedirect({ path, message }: { path: string; message: string }) {
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    securityEventsApi.report({ type: 'unauthorized_access', path }).catch(() => {
      // The gateway also records every denied admin call itself; nothing to tell the user.
    });
  }, [path]);
  return <Navigate to="/access-denied" replace state={{ message, flagged: true }} />;
}
