import { userMessage } from '../messages/user-messages';
import { missingPermissionRefusal } from './admin-permissions';

describe('the refusal of an admin whose role lacks a permission', () => {
  it('names the missing permission in the message and in its params', () => {
    const refusal = missingPermissionRefusal('reports');
    expect(refusal).toEqual({ code: 'admin_role_lacks_permission', params: { permission: 'reports' } });
    expect(userMessage(refusal.code, refusal.params)).toBe('Access denied. Your admin role does not include reports.');
  });

  it('says that only super administrators may do an action that needs all permissions', () => {
    const refusal = missingPermissionRefusal('all');
    expect(refusal.code).toBe('super_admin_only');
    expect(userMessage(refusal.code, refusal.params)).toBe('Access denied. Only super administrators can do this.');
  });
});
