import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentPortfolioPage() {
  return (
    <PortalPage title="Investment Portfolio" description="How your personal, corporate and partnership investments are allocated.">
      <FeatureNotAvailable feature="The portfolio view" />
    </PortalPage>
  );
}
