import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/use-current-user';
import { KYC_STATUS_COLOURS } from '../kyc/KycStatusBadge';

/** The badge beside the Settings heading: the KYC status identity holds now (as KycStatusNotice reads it). */
export function AccountStatusBadge() {
  const { t } = useTranslation('account-settings');
  const me = useCurrentUser();
  const status = me.data?.kycStatus;
  if (!status) return null;
  return <Tag color={KYC_STATUS_COLOURS[status]}>{t(`kycStatus.${status}`)}</Tag>;
}
