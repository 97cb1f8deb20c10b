import { useTranslation } from 'react-i18next';
import { AdminSupportView } from '../../support/AdminSupportView';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminSupportPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.support.title')} description={t('admin.support.description')}>
      <AdminSupportView />
    </PortalPage>
  );
}
