import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { PortalPage } from '../../ui/PortalPage';
import { ApplicationReviewList } from './ApplicationReviewList';
import { InvestmentOversight } from './InvestmentOversight';

export default function InvestmentOversightPage() {
  const { t } = useTranslation('applications');
  return (
    <PortalPage title={t('pages.investmentOversight.title')} description={t('pages.investmentOversight.description')}>
      <Tabs
        items={[
          { key: 'applications', label: t('pages.investmentOversight.applications'), children: <ApplicationReviewList /> },
          { key: 'investments', label: t('pages.investmentOversight.investments'), children: <InvestmentOversight /> },
        ]}
      />
    </PortalPage>
  );
}
