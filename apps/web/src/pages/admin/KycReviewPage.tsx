import { useTranslation } from 'react-i18next';
import { KycReview } from '../../kyc/KycReview';
import { PortalPage } from '../../ui/PortalPage';

export default function KycReviewPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.kyc.title')} description={t('admin.kyc.description')}>
      <KycReview />
    </PortalPage>
  );
}
