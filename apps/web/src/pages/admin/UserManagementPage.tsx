import { useTranslation } from 'react-i18next';
import { PortalPage } from '../../ui/PortalPage';
import { UserManagement } from '../../users/UserManagement';

export default function UserManagementPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.users.title')} description={t('admin.users.description')}>
      <UserManagement />
    </PortalPage>
  );
}
