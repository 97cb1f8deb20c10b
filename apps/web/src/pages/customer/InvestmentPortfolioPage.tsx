import { InvestmentPortfolio } from '../../investments/InvestmentPortfolio';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentPortfolioPage() {
  return (
    <PortalPage title="Investment Portfolio" description="Your investments, their maturity and expected returns.">
      <InvestmentPortfolio />
    </PortalPage>
  );
}
