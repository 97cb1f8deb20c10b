import { DocumentUploadCenter } from '../../kyc/DocumentUploadCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function DocumentsPage() {
  return (
    <PortalPage title="Document Management" description="Upload and follow the review of your verification documents.">
      <DocumentUploadCenter />
    </PortalPage>
  );
}
