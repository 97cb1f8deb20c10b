import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { StatFigure } from '../ui/StatFigure';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';
import { amounts } from './format';
import { useOwnSecurityDeposits } from './use-money';
import { useReadOnlyView } from '../customer-view/customer-view-context';

/** Spec 02 §2 protection summary with the customer's real locked total; Withdraw only explains (spec 02 §8). */
export function ProtectionCard() {
  const { t } = useTranslation('money');
  const { notification } = useFeedback();
  const { data, isLoading } = useOwnSecurityDeposits();
  // An admin's read-only customer view (issue 30) has no Withdraw.
  const readOnly = useReadOnlyView();
  const locked = data?.totalLocked ?? [];
  const hasFunds = locked.some((entry) => Number(entry.amount) > 0);
  return (
    // The explanation is drawn at once, only the figure waits for the deposits: it is the largest
    // text on a phone's first screen, and Lighthouse times the dashboard by it (issue 30).
    <Card title={<><LockOutlined /> {t('protection.title')}</>} style={{ marginBottom: 16 }}>
      <Typography.Paragraph>{t('protection.explanation')}</Typography.Paragraph>
      <StatFigure title={t('protection.amount')} value={amounts(locked)} loading={isLoading} />
      {!readOnly && (
        <Button
          style={{ marginTop: 16 }}
          disabled={isLoading}
          onClick={() =>
            hasFunds
              ? notification.info({
                  title: t('protection.lockedTitle'),
                  description: t('protection.lockedDescription'),
                })
              : notification.info({
                  title: t('protection.noneTitle'),
                  description: t('protection.noneDescription'),
                })
          }
        >
          {t('protection.withdraw')}
        </Button>
      )}
    </Card>
  );
}
