import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { BiometricVerification } from './BiometricVerification';

export default function VerificationPage() {
  const { t } = useTranslation('kyc');
  return (
    <PortalPage title={t('pages.verification.title')} description={t('pages.verification.description')}>
      <BiometricVerification />
    </PortalPage>
  );
}
