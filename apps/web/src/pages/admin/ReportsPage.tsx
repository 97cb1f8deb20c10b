import { useTranslation } from 'react-i18next';
import { ReportsScreen } from '../../reports/ReportsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function ReportsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.reports.title')} description={t('admin.reports.description')}>
      <ReportsScreen />
    </PortalPage>
  );
}
