import { useTranslation } from 'react-i18next';
import { CardRequestsScreen } from '../../cards/CardRequestsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function CardRequestsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.cardRequests.title')} description={t('customer.cardRequests.description')}>
      <CardRequestsScreen />
    </PortalPage>
  );
}
