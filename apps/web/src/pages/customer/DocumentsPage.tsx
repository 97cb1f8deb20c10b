import { useTranslation } from 'react-i18next';
import { DocumentUploadCenter } from '../../kyc/DocumentUploadCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function DocumentsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.documents.title')} description={t('customer.documents.description')}>
      <DocumentUploadCenter />
    </PortalPage>
  );
}
