import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { useFeedback } from '../app/feedback';
import { amounts } from './format';
import { useOwnSecurityDeposits } from './use-money';

/** Spec 02 §2 protection summary with the customer's real locked total; Withdraw only explains (spec 02 §8). */
export function ProtectionCard() {
  const { notification } = useFeedback();
  const { data, isLoading } = useOwnSecurityDeposits();
  const locked = data?.totalLocked ?? [];
  const hasFunds = locked.some((entry) => Number(entry.amount) > 0);
  return (
    <Card title={<><LockOutlined /> Investment Security Protection</>} loading={isLoading} style={{ marginBottom: 16 }}>
      <Typography.Paragraph>
        Your matched security deposit is matched by the provider against your invested amount. It cannot be withdrawn until maturity and is unlocked only in
        unforeseen global events such as pandemics or economic shutdowns.
      </Typography.Paragraph>
      <Statistic title="Security Deposit Amount" value={amounts(locked)} />
      <Button
        style={{ marginTop: 16 }}
        onClick={() =>
          hasFunds
            ? notification.info({
                message: 'Capital Commitment Locked',
                description: 'Your matching capital commitment is currently locked. Withdrawals will be available upon investment maturity as outlined in your agreement.',
              })
            : notification.info({
                message: 'No Matching Commitment Available',
                description: 'No funds currently held in matching commitment. Please fund your main investment account first.',
              })
        }
      >
        Withdraw
      </Button>
    </Card>
  );
}
