import SwapOutlined from '@ant-design/icons/SwapOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useView } from './view-context';

/** Lets an administrator look at the customer menu without leaving the admin portal. */
export function ViewSwitch() {
  const { view, toggleView } = useView();
  const { t } = useTranslation('shell');
  return (
    <Flex vertical gap={8} style={{ padding: '16px 16px 8px' }}>
      <Typography.Text type="secondary">
        {t('view.current')} <Tag color={view === 'admin' ? 'blue' : 'green'}>{view === 'admin' ? t('view.admin') : t('view.user')}</Tag>
      </Typography.Text>
      <Button block icon={<SwapOutlined />} onClick={toggleView}>
        {view === 'admin' ? t('view.toUser') : t('view.toAdmin')}
      </Button>
    </Flex>
  );
}
