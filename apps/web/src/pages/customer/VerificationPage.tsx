import { BiometricVerification } from '../../kyc/BiometricVerification';
import { PortalPage } from '../../ui/PortalPage';

export default function VerificationPage() {
  return (
    <PortalPage title="Account Verification" description="Verify your identity to unlock every feature of your account.">
      <BiometricVerification />
    </PortalPage>
  );
}
