import { NotificationCenter } from '../../notifications/NotificationCenter';
import { PortalPage } from '../../ui/PortalPage';
import { useTranslation } from 'react-i18next';

export default function NotificationCenterPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.notifications.title')} description={t('admin.notifications.description')}>
      <NotificationCenter />
    </PortalPage>
  );
}
