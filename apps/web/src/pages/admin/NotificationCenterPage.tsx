import { NotificationCenter } from '../../notifications/NotificationCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function NotificationCenterPage() {
  return (
    <PortalPage title="Notification Center" description="Send notifications and alerts to customers.">
      <NotificationCenter />
    </PortalPage>
  );
}
