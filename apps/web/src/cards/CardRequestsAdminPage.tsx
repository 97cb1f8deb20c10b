import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { AdminCardRequests } from './AdminCardRequests';

export default function CardRequestsAdminPage() {
  const { t } = useTranslation('cards');
  return (
    <PortalPage title={t('pages.cardRequestsAdmin.title')} description={t('pages.cardRequestsAdmin.description')}>
      <AdminCardRequests />
    </PortalPage>
  );
}
