import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { callGateway } from '../api/http';

const COLORS = { verified: 'green', pending: 'gold', rejected: 'red' } as const;

/** The customer's KYC status as identity holds it now (from kyc's decisions), with a way to act on it. */
export function KycStatusNotice() {
  const { t } = useTranslation('kyc');
  const me = useQuery({ queryKey: ['me', 'kyc-status'], queryFn: () => callGateway((client, init) => client.GET('/api/v1/me', init)) });
  const status = me.data?.kycStatus;
  if (!status) return null;
  const label = { color: COLORS[status], text: t(`notice.${status}`) };
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
      message={<Tag color={label.color}>{label.text}</Tag>}
      description={status === 'rejected' ? t('notice.rejectedDescription') : t('notice.pendingDescription')}
      action={
        <Button size="small">
          <Link to="/app/documents">{t('notice.documents')}</Link>
        </Button>
      }
    />
  );
}
