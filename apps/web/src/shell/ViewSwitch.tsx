import SwapOutlined from '@ant-design/icons/SwapOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useView } from './view-context';

/** Lets an administrator look at the customer menu without leaving the admin portal. */
export function ViewSwitch() {
  const { view, toggleView } = useView();
  return (
    <Flex vertical gap={8} style={{ padding: '16px 16px 8px' }}>
      <Typography.Text type="secondary">
        Current view: <Tag color={view === 'admin' ? 'blue' : 'green'}>{view === 'admin' ? 'Admin' : 'User'}</Tag>
      </Typography.Text>
      <Button block icon={<SwapOutlined />} onClick={toggleView}>
        {view === 'admin' ? 'Switch to User View' : 'Switch to Admin View'}
      </Button>
    </Flex>
  );
}
