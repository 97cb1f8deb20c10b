import { AdminOverview } from '../../admin-overview/AdminOverview';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';
import { useTranslation } from 'react-i18next';

export default function AdminDashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.dashboard.title')} description={t('admin.dashboard.description')}>
      <Greeting />
      <AdminOverview />
    </PortalPage>
  );
}
