import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { Webhooks } from './Webhooks';

export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <PortalPage title={t('pages.webhooks.title')} description={t('pages.webhooks.description')}>
      <Webhooks />
    </PortalPage>
  );
}
