import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentOversightPage() {
  return (
    <PortalPage title="Investment Oversight" description="Review investment applications and follow active investments.">
      <FeatureNotAvailable feature="Investment oversight" />
    </PortalPage>
  );
}
