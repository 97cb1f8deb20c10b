import { i18n } from '../i18n/i18n';
import { AuthText } from './messages';
import { ADMIN_DASHBOARD, dashboardPathFor, isAdminPath, isCustomerPath, type UserType } from './access-rules';

/** Which portal the visitor chose on the landing page (`?portal=`). */
export type PortalChoice = 'admin' | 'customer' | null;

export function portalFromQuery(value: string | null): PortalChoice {
  return value === 'admin' || value === 'customer' ? value : null;
}

export function loginHeading(portal: PortalChoice): string {
  if (portal === 'admin') return i18n.t('auth:login.titleAdmin');
  if (portal === 'customer') return i18n.t('auth:login.titleCustomer');
  return i18n.t('auth:login.title');
}

/** What the route guard remembers in history state when it sends a visitor to sign in. */
export interface RememberedOrigin {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Reads the guard's `from` out of history state; anything else is ignored. */
export function originFromState(state: unknown): RememberedOrigin | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string') return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

export type LoginOutcome = { kind: 'go'; to: string } | { kind: 'denied'; message: string };

/** Where a successful sign-in leads (spec 01 §4, "Login form"), rules in order. */
export function decideAfterLogin(input: {
  from: RememberedOrigin | null;
  portal: PortalChoice;
  userType: UserType;
}): LoginOutcome {
  const { from, portal, userType } = input;
  if (from && (isAdminPath(from.pathname) || isCustomerPath(from.pathname))) {
    return { kind: 'go', to: `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` };
  }
  if (portal === 'admin' && userType !== 'admin') return { kind: 'denied', message: AuthText.adminPortalDenied };
  if (portal === 'customer' && userType === 'admin') return { kind: 'go', to: ADMIN_DASHBOARD };
  return { kind: 'go', to: dashboardPathFor(userType) };
}
