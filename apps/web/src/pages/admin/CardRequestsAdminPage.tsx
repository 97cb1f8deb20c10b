import { AdminCardRequests } from '../../cards/AdminCardRequests';
import { PortalPage } from '../../ui/PortalPage';

export default function CardRequestsAdminPage() {
  return (
    <PortalPage title="Card Requests" description="Approve, reject or mark delivered the investment card requests of customers.">
      <AdminCardRequests />
    </PortalPage>
  );
}
