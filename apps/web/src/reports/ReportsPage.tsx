import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { ReportsScreen } from './ReportsScreen';

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  return (
    <PortalPage title={t('pages.reports.title')} description={t('pages.reports.description')}>
      <ReportsScreen />
    </PortalPage>
  );
}
