import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { AdminSupportView } from './AdminSupportView';

export default function AdminSupportPage() {
  const { t } = useTranslation('support');
  return (
    <PortalPage title={t('pages.adminSupport.title')} description={t('pages.adminSupport.description')}>
      <AdminSupportView />
    </PortalPage>
  );
}
