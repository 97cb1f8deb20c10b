import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { callGateway } from '../api/http';

const LABELS = {
  verified: { color: 'green', text: 'Account Verified' },
  pending: { color: 'gold', text: 'Verification Pending' },
  rejected: { color: 'red', text: 'Verification Rejected' },
} as const;

/** The badge beside the Settings heading: the KYC status identity holds now (as KycStatusNotice reads it). */
export function AccountStatusBadge() {
  const me = useQuery({ queryKey: ['me', 'kyc-status'], queryFn: () => callGateway((client, init) => client.GET('/api/v1/me', init)) });
  const status = me.data?.kycStatus;
  if (!status) return null;
  return <Tag color={LABELS[status].color}>{LABELS[status].text}</Tag>;
}
