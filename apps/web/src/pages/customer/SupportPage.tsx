import { useTranslation } from 'react-i18next';
import { SupportCenter } from '../../support/SupportCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function SupportPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.support.title')} description={t('customer.support.description')}>
      <SupportCenter />
    </PortalPage>
  );
}
