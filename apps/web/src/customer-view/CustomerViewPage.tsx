import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PortalPage } from '../ui/PortalPage';
import { CustomerPicker } from './CustomerPicker';
import { CustomerViewScreen } from './CustomerViewScreen';

/** Issue 30: /admin/customer-view picks a customer; /admin/customer-view/:userId shows their screens, read only. */
export default function CustomerViewPage() {
  const { t } = useTranslation('customer-view');
  const { userId } = useParams();
  return (
    <PortalPage title={t('title')} description={userId ? undefined : t('description')}>
      {userId ? <CustomerViewScreen key={userId} userId={userId} /> : <CustomerPicker />}
    </PortalPage>
  );
}
