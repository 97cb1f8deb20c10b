import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentProtectionPage() {
  return (
    <PortalPage title="Investment Protection" description="The security deposit that protects your invested amount until maturity.">
      <FeatureNotAvailable feature="Investment protection" />
    </PortalPage>
  );
}
