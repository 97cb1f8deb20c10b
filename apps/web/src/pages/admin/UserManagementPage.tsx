import { PortalPage } from '../../ui/PortalPage';
import { UserManagement } from '../../users/UserManagement';

export default function UserManagementPage() {
  return (
    <PortalPage title="User and Admin Management" description="Search users, manage their status and KYC, and create administrator accounts.">
      <UserManagement />
    </PortalPage>
  );
}
