import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function UserManagementPage() {
  return (
    <PortalPage title="User and Admin Management" description="Search users, manage their status and KYC, and create administrator accounts.">
      <FeatureNotAvailable feature="User management" />
    </PortalPage>
  );
}
