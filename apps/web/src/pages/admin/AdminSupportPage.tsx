import { AdminSupportView } from '../../support/AdminSupportView';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminSupportPage() {
  return (
    <PortalPage title="Support Center" description="Customer support tickets and responses.">
      <AdminSupportView />
    </PortalPage>
  );
}
