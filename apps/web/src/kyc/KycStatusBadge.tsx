import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callGateway } from '../api/http';

const LABELS = {
  verified: { color: 'green', text: 'Account Verified' },
  pending: { color: 'gold', text: 'Verification Pending' },
  rejected: { color: 'red', text: 'Verification Rejected' },
} as const;

/** The customer's KYC status as identity holds it now (from kyc's decisions), with a way to act on it. */
export function KycStatusNotice() {
  const me = useQuery({ queryKey: ['me', 'kyc-status'], queryFn: () => callGateway((client, init) => client.GET('/api/v1/me', init)) });
  const status = me.data?.kycStatus;
  if (!status) return null;
  const label = LABELS[status];
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
      description={status === 'rejected' ? 'Your verification was not approved. Please upload new documents.' : 'Upload your documents so our team can verify your account.'}
      action={
        <Button size="small">
          <Link to="/app/documents">Documents</Link>
        </Button>
      }
    />
  );
}
