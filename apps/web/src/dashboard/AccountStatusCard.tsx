import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/use-current-user';
import { KYC_STATUS_COLOURS } from '../kyc/KycStatusBadge';
import type { CustomerViewAccount } from '../customer-view/customer-view-api';

const ACCOUNT_COLOURS = { active: 'green', pending: 'gold', suspended: 'red' } as const;

/** Spec 02's Account Status card, from what identity holds now: the address, the account's state and its verification. */
export function AccountStatusCard({ account }: { account?: CustomerViewAccount }) {
  const { t } = useTranslation('dashboard');
  const me = useCurrentUser();
  // An admin's read-only customer view (issue 30) passes the viewed customer's account.
  const user = account ?? me.data;
  return (
    <Card title={t('accountStatus.title')} loading={!account && me.isLoading} style={{ height: '100%' }}>
      {user ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('accountStatus.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('accountStatus.account')}>
            <Tag color={ACCOUNT_COLOURS[user.userStatus]}>{t(`accountStatus.statuses.${user.userStatus}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('accountStatus.verification')}>
            <Tag color={KYC_STATUS_COLOURS[user.kycStatus]}>{t(`accountStatus.kyc.${user.kycStatus}`)}</Tag>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        me.isError && <Typography.Text type="danger">{t('accountStatus.loadFailed')}</Typography.Text>
      )}
    </Card>
  );
}
