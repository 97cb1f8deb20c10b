import Alert from 'antd/es/alert';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/use-current-user';
import { ButtonLink } from '../ui/ButtonLink';
import { MY_KYC_DOCUMENTS_KEY, myKycDocuments } from './my-documents';

/** The tag colour of each KYC status, wherever it is shown. */
export const KYC_STATUS_COLOURS = { verified: 'green', pending: 'gold', rejected: 'red' } as const;

/** The customer's KYC status as identity holds it now (from kyc's decisions), with a way to act on it. */
export function KycStatusNotice() {
  const { t } = useTranslation('kyc');
  const me = useCurrentUser();
  const status = me.data?.kycStatus;
  // A customer who has handed documents in is told they are being reviewed, not asked to upload them.
  const documents = useQuery({ queryKey: MY_KYC_DOCUMENTS_KEY, queryFn: myKycDocuments, enabled: status === 'pending' });
  const inReview = (documents.data?.items ?? []).some((document) => document.status === 'pending');
  if (!status) return null;
  const label = { color: KYC_STATUS_COLOURS[status], text: t(`notice.${status}`) };
  if (status === 'verified') {
    return (
      <div style={{ marginBottom: 16 }}>
        <Tag color={label.color}>{label.text}</Tag>
      </div>
    );
  }
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={status === 'rejected' ? 'error' : 'warning'}
      showIcon
      title={label.text}
      description={status === 'rejected' ? t('notice.rejectedDescription') : inReview ? t('notice.inReviewDescription') : t('notice.pendingDescription')}
      action={
        <ButtonLink to="/app/documents" size="small">
          {t('notice.documents')}
        </ButtonLink>
      }
    />
  );
}
