import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { NotificationCenter } from './NotificationCenter';

export default function NotificationCenterPage() {
  const { t } = useTranslation('notifications');
  return (
    <PortalPage title={t('pages.notificationCenter.title')} description={t('pages.notificationCenter.description')}>
      <NotificationCenter />
    </PortalPage>
  );
}
