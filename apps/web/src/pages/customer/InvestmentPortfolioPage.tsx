import { useTranslation } from 'react-i18next';
import { InvestmentPortfolio } from '../../investments/InvestmentPortfolio';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentPortfolioPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.portfolio.title')} description={t('customer.portfolio.description')}>
      <InvestmentPortfolio />
    </PortalPage>
  );
}
