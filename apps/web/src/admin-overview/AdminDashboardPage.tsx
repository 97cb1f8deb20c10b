import { useTranslation } from 'react-i18next';
import { Greeting } from '../ui/Greeting';
import { PortalPage } from '../ui/PortalPage';
import { AdminOverview } from './AdminOverview';

export default function AdminDashboardPage() {
  const { t } = useTranslation('admin-overview');
  return (
    <PortalPage title={t('pages.dashboard.title')} description={t('pages.dashboard.description')}>
      <Greeting />
      <AdminOverview />
    </PortalPage>
  );
}
