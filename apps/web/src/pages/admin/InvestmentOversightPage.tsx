import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { ApplicationReviewList } from '../../applications/admin/ApplicationReviewList';
import { InvestmentOversight } from '../../applications/admin/InvestmentOversight';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentOversightPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.investments.title')} description={t('admin.investments.description')}>
      <Tabs
        items={[
          { key: 'applications', label: t('admin.investments.applications'), children: <ApplicationReviewList /> },
          { key: 'investments', label: t('admin.investments.investments'), children: <InvestmentOversight /> },
        ]}
      />
    </PortalPage>
  );
}
