import { useTranslation } from 'react-i18next';
import { AdminOverview } from '../../admin-overview/AdminOverview';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminDashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.dashboard.title')} description={t('admin.dashboard.description')}>
      <Greeting />
      <AdminOverview />
    </PortalPage>
  );
}
