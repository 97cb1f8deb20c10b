import type { SessionUser } from '@portal/api-client';
import { AuthText } from './messages';
import type { SessionStatus } from './session-manager';

/** The two kinds of account, as the gateway's contract names them. */
export type UserType = SessionUser['userType'];

export const ADMIN_DASHBOARD = '/admin/dashboard';
export const CUSTOMER_DASHBOARD = '/app/dashboard';

const inArea = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);
export const isAdminPath = (pathname: string) => inArea(pathname, '/admin');
export const isCustomerPath = (pathname: string) => inArea(pathname, '/app');

export function dashboardPathFor(userType: UserType): string {
  return userType === 'admin' ? ADMIN_DASHBOARD : CUSTOMER_DASHBOARD;
}

export type AccessDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  /** To /auth/login, remembering where the visitor was going. */
  | { kind: 'signIn' }
  /** To /access-denied; the attempt is reported to the server as a security event. */
  | { kind: 'deny'; message: string }
  | { kind: 'redirect'; to: string };

export interface AccessRequest {
  pathname: string;
  status: SessionStatus;
  userType: UserType | null | undefined;
  requiredType?: UserType;
}

/** Route guarding of spec 01 §2, in its order. The server enforces the same on every call. */
export function decideAccess({ pathname, status, userType, requiredType }: AccessRequest): AccessDecision {
  if (status === 'loading') return { kind: 'wait' };
  if (status !== 'signedIn' || (userType !== 'admin' && userType !== 'customer')) return { kind: 'signIn' };
  if (isAdminPath(pathname) && userType !== 'admin') return { kind: 'deny', message: AuthText.adminAreaDenied };
  if (isCustomerPath(pathname) && userType === 'admin') return { kind: 'redirect', to: ADMIN_DASHBOARD };
  if (requiredType && requiredType !== userType) return { kind: 'redirect', to: dashboardPathFor(userType) };
  return { kind: 'allow' };
}
