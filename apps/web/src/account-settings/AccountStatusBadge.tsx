import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callGateway } from '../api/http';

const COLOURS = { verified: 'green', pending: 'gold', rejected: 'red' } as const;

/** The badge beside the Settings heading: the KYC status identity holds now (as KycStatusNotice reads it). */
export function AccountStatusBadge() {
  const { t } = useTranslation('account-settings');
  const me = useQuery({ queryKey: ['me', 'kyc-status'], queryFn: () => callGateway((client, init) => client.GET('/api/v1/me', init)) });
  const status = me.data?.kycStatus;
  if (!status) return null;
  return <Tag color={COLOURS[status]}>{t(`kycStatus.${status}`)}</Tag>;
}
