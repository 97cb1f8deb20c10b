import { CardRequestsScreen } from '../../cards/CardRequestsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function CardRequestsPage() {
  return (
    <PortalPage title="Investment Card Requests" description="Order a virtual or physical investment card and follow your requests.">
      <CardRequestsScreen />
    </PortalPage>
  );
}
