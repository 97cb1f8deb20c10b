import { DEFAULT_ADMIN_ROLE_PERMISSIONS } from '@portal/domain-rules';
import { useQuery } from '@tanstack/react-query';
import { callGateway } from '../api/http';
import { useAuth } from '../auth/AuthProvider';
import { systemSettingsKeys } from './use-system-settings';


/** Whether the signed-in admin's role may use a permission, by the admin_roles setting as it is now. */
export function useAdminPermissions(): (permission: string | undefined) => boolean {
  const { user } = useAuth();
  const isAdmin = user?.userType === 'admin';
  const { data } = useQuery({
    queryKey: [...systemSettingsKeys.all, 'my-permissions', user?.id ?? null],
    queryFn: () => callGateway((client, init) => client.GET('/api/v1/admin/me/permissions', init)),
    enabled: isAdmin,
  });
  // The role’s defaults only until its current grants have loaded (the server decides regardless).
  const granted = data?.permissions ?? (user?.adminRole ? DEFAULT_ADMIN_ROLE_PERMISSIONS[user.adminRole] : []);
  return (permission) => !permission || granted.includes('all') || granted.includes(permission);
}
