import { useQuery } from '@tanstack/react-query';
import { callGateway } from '../api/http';
import { useAuth } from '../auth/AuthProvider';
import { systemSettingsKeys } from './use-system-settings';

/** Spec 02 §6 defaults, used only until the role's current permissions have loaded (the server decides regardless). */
const DEFAULT_PERMISSIONS: Record<string, string[]> = {
  super_admin: ['all'],
  admin: ['users', 'investments', 'transactions', 'kyc'],
  moderator: ['users', 'kyc'],
  support: ['tickets', 'notifications'],
};

/** Whether the signed-in admin's role may use a permission, by the admin_roles setting as it is now. */
export function useAdminPermissions(): (permission: string | undefined) => boolean {
  const { user } = useAuth();
  const isAdmin = user?.userType === 'admin';
  const { data } = useQuery({
    queryKey: [...systemSettingsKeys.all, 'my-permissions', user?.id ?? null],
    queryFn: () => callGateway((client, init) => client.GET('/api/v1/admin/me/permissions', init)),
    enabled: isAdmin,
  });
  const granted = data?.permissions ?? DEFAULT_PERMISSIONS[user?.adminRole ?? ''] ?? [];
  return (permission) => !permission || granted.includes('all') || granted.includes(permission);
}
