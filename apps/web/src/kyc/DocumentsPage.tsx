import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { DocumentUploadCenter } from './DocumentUploadCenter';

export default function DocumentsPage() {
  const { t } = useTranslation('kyc');
  return (
    <PortalPage title={t('pages.documents.title')} description={t('pages.documents.description')}>
      <DocumentUploadCenter />
    </PortalPage>
  );
}
