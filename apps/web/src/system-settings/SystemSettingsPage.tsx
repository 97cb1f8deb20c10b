import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { SystemSettings } from './SystemSettings';

export default function SystemSettingsPage() {
  const { t } = useTranslation('system-settings');
  return (
    <PortalPage title={t('pages.systemSettings.title')} description={t('pages.systemSettings.description')}>
      <SystemSettings />
    </PortalPage>
  );
}
