import { useTranslation } from 'react-i18next';
import { BiometricVerification } from '../../kyc/BiometricVerification';
import { PortalPage } from '../../ui/PortalPage';

export default function VerificationPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.verification.title')} description={t('customer.verification.description')}>
      <BiometricVerification />
    </PortalPage>
  );
}
