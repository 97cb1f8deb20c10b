import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { KycReview } from './KycReview';

export default function KycReviewPage() {
  const { t } = useTranslation('kyc');
  return (
    <PortalPage title={t('pages.kycReview.title')} description={t('pages.kycReview.description')}>
      <KycReview />
    </PortalPage>
  );
}
