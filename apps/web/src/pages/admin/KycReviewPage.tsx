import { KycReview } from '../../kyc/KycReview';
import { PortalPage } from '../../ui/PortalPage';

export default function KycReviewPage() {
  return (
    <PortalPage title="KYC & Document Verification" description="Review the documents customers upload for verification.">
      <KycReview />
    </PortalPage>
  );
}
