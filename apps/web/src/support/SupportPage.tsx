import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { SupportCenter } from './SupportCenter';

export default function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <PortalPage title={t('pages.support.title')} description={t('pages.support.description')}>
      <SupportCenter />
    </PortalPage>
  );
}
