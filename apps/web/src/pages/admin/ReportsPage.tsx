import { ReportsScreen } from '../../reports/ReportsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function ReportsPage() {
  return (
    <PortalPage title="Reports & Analytics" description="Financial and user reports, audit logs and exports.">
      <ReportsScreen />
    </PortalPage>
  );
}
