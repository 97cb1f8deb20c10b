import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/ButtonLink';

/** Spec 02's Quick Actions: the deposit and withdrawal forms, and the customer's investments. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('quickActions.title')} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <ButtonLink to="/app/deposit" type="primary" block>
          {t('quickActions.deposit')}
        </ButtonLink>
        <ButtonLink to="/app/withdraw" block>
          {t('quickActions.withdraw')}
        </ButtonLink>
        <ButtonLink to="/app/portfolio" block>
          {t('quickActions.investments')}
        </ButtonLink>
      </Flex>
    </Card>
  );
}
