import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function SupportPage() {
  return (
    <PortalPage title="Support Center" description="Answers to common questions and your support tickets.">
      <FeatureNotAvailable feature="The support center" />
    </PortalPage>
  );
}
