import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useLogout } from '../shell/use-logout';
import { accountDataApi, saveFile } from './account-data-api';

/** Download My Data and the Danger Zone's Delete Account, in Account Settings (spec 02 §2 Preferences, §8 messages). */
export function DataAndPrivacy() {
  const { notification } = useFeedback();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const download = useMutation({
    mutationFn: accountDataApi.exportMyData,
    onSuccess: (blob) => {
      saveFile(blob, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
      notification.success({ message: 'Data Downloaded', description: 'Your data has been downloaded as a JSON file.' });
    },
    onError: () => notification.error({ message: 'Download Failed', description: 'Failed to download your data. Please try again.' }),
  });

  const remove = useMutation({
    mutationFn: (password: string) => accountDataApi.deleteAccount(password),
    onSuccess: async () => {
      setConfirming(false);
      notification.success({ message: 'Account deleted successfully', description: 'Your account has been deleted and you have been signed out.' });
      await logout();
    },
    onError: (error) => notification.error({ message: 'Failed to delete account', description: serverMessage(error) ?? 'Please try again.' }),
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Data and Privacy">
        <Typography.Paragraph>Download a copy of everything we hold about you: your profile, applications, transactions, card requests, support tickets, documents (details only) and notifications.</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
          Download My Data
        </Button>
      </Card>
      <Card title={<Typography.Text type="danger">Danger Zone</Typography.Text>} style={{ borderColor: '#ffccc7' }}>
        <Typography.Paragraph>
          Deleting your account ends every session and removes your personal details. It cannot be undone. Records the law requires us to keep, such as transactions, are retained.
          An account that still holds funds cannot be deleted.
        </Typography.Paragraph>
        <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      </Card>
      <Modal
        open={confirming}
        title="Delete Account"
        okText="Delete My Account"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setConfirming(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message="This cannot be undone." style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" name="delete-account" onFinish={({ password }) => remove.mutate(password)}>
          <Form.Item label="Enter your password to confirm" name="password" rules={[{ required: true, message: 'Please enter your password to confirm.' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
