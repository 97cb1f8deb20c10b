import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { UserManagement } from './UserManagement';

export default function UserManagementPage() {
  const { t } = useTranslation('users');
  return (
    <PortalPage title={t('pages.userManagement.title')} description={t('pages.userManagement.description')}>
      <UserManagement />
    </PortalPage>
  );
}
