import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function DocumentsPage() {
  return (
    <PortalPage title="Document Management" description="Upload and follow the review of your verification documents.">
      <FeatureNotAvailable feature="Document upload" />
    </PortalPage>
  );
}
