import { AdminOverview } from '../../admin-overview/AdminOverview';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminDashboardPage() {
  return (
    <PortalPage title="Dashboard Overview" description="Users, KYC, investments and approvals across the platform.">
      <Greeting />
      <AdminOverview />
    </PortalPage>
  );
}
