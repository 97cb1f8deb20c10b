import { useTranslation } from 'react-i18next';
import { PortalPage } from '../../ui/PortalPage';
import { SystemSettings } from '../../system-settings/SystemSettings';

export default function SystemSettingsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.settings.title')} description={t('admin.settings.description')}>
      <SystemSettings />
    </PortalPage>
  );
}
