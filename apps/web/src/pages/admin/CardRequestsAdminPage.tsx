import { useTranslation } from 'react-i18next';
import { AdminCardRequests } from '../../cards/AdminCardRequests';
import { PortalPage } from '../../ui/PortalPage';

export default function CardRequestsAdminPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.cardRequests.title')} description={t('admin.cardRequests.description')}>
      <AdminCardRequests />
    </PortalPage>
  );
}
