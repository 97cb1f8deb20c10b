import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { CardRequestsScreen } from './CardRequestsScreen';

export default function CardRequestsPage() {
  const { t } = useTranslation('cards');
  return (
    <PortalPage title={t('pages.cardRequests.title')} description={t('pages.cardRequests.description')}>
      <CardRequestsScreen />
    </PortalPage>
  );
}
