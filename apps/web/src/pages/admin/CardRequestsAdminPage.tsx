import { AdminCardRequests } from '../../cards/AdminCardRequests';
import { PortalPage } from '../../ui/PortalPage';
import { useTranslation } from 'react-i18next';

export default function CardRequestsAdminPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.cardRequests.title')} description={t('admin.cardRequests.description')}>
      <AdminCardRequests />
    </PortalPage>
  );
}
