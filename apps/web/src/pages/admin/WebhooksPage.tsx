import { useTranslation } from 'react-i18next';
import { PortalPage } from '../../ui/PortalPage';
import { Webhooks } from '../../webhooks/Webhooks';

export default function WebhooksPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.webhooks.title')} description={t('admin.webhooks.description')}>
      <Webhooks />
    </PortalPage>
  );
}
