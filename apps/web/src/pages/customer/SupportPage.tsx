import { SupportCenter } from '../../support/SupportCenter';
import { PortalPage } from '../../ui/PortalPage';
import { useTranslation } from 'react-i18next';

export default function SupportPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.support.title')} description={t('customer.support.description')}>
      <SupportCenter />
    </PortalPage>
  );
}
