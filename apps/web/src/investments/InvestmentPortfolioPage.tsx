import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { InvestmentPortfolio } from './InvestmentPortfolio';

export default function InvestmentPortfolioPage() {
  const { t } = useTranslation('investments');
  return (
    <PortalPage title={t('pages.portfolio.title')} description={t('pages.portfolio.description')}>
      <InvestmentPortfolio />
    </PortalPage>
  );
}
