import { useTranslation } from 'react-i18next';
import { NotificationCenter } from '../../notifications/NotificationCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function NotificationCenterPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.notifications.title')} description={t('admin.notifications.description')}>
      <NotificationCenter />
    </PortalPage>
  );
}
