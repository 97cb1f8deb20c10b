import { Actor } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { requireReportsAdmin } from './reports-access';

const admin = (adminRole: Actor['adminRole']): Actor => ({ userId: `${adminRole}-user`, sessionId: 's', userType: 'admin', adminRole });
/** Platform settings whose admin_roles holds `roles`; nothing set means the spec's defaults (spec 02 §6). */
const settingsWith = (roles?: unknown) => ({ get: <T>() => roles as T | undefined });
const defaults = settingsWith();

function refusalOf(check: () => void) {
  try {
    check();
  } catch (error) {
    if (error instanceof ServiceError) return error.body;
    throw error;
  }
  return null;
}

describe('who may read the treasury figures', () => {
  it('refuses an admin whose role lacks reports by that code, naming the permission', () => {
    expect(refusalOf(() => requireReportsAdmin(admin('admin'), defaults))).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Access denied. Your admin role does not include reports.',
      code: 'admin_role_lacks_permission',
      params: { permission: 'reports' },
    });
  });

  it('refuses a customer as outside the admin area, and lets a role with reports through', () => {
    expect(refusalOf(() => requireReportsAdmin({ userId: 'c', sessionId: 's', userType: 'customer', adminRole: null }, defaults))).toMatchObject({ statusCode: 403, code: 'admin_access_denied' });
    expect(refusalOf(() => requireReportsAdmin(admin('super_admin'), defaults))).toBeNull();
    expect(refusalOf(() => requireReportsAdmin(admin('support'), settingsWith({ support: ['reports'] })))).toBeNull();
  });
});
