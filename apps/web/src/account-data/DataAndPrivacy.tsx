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
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useLogout } from '../shell/use-logout';
import { accountDataApi, saveFile } from './account-data-api';

/**
 * Download My Data and the Danger Zone's Delete Account, in Account Settings (spec 02 §2 Preferences, §8 messages).
 * `extra` goes in the Data and Privacy card's header (the Privacy Settings button), so the section has one heading.
 */
export function DataAndPrivacy({ extra }: { extra?: ReactNode } = {}) {
  const { notification } = useFeedback();
  const { t } = useTranslation('account-data');
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const download = useMutation({
    mutationFn: accountDataApi.exportMyData,
    onSuccess: (blob) => {
      saveFile(blob, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
      notification.success({ title: t('download.doneTitle'), description: t('download.done') });
    },
    onError: () => notification.error({ title: t('download.failedTitle'), description: t('download.failed') }),
  });

  const remove = useMutation({
    mutationFn: (password: string) => accountDataApi.deleteAccount(password),
    onSuccess: async () => {
      setConfirming(false);
      notification.success({ title: t('delete.doneTitle'), description: t('delete.done') });
      await logout();
    },
    onError: (error) => notification.error({ title: t('delete.failedTitle'), description: serverMessage(error) ?? t('delete.failed') }),
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('title')} extra={extra}>
        <Typography.Paragraph>{t('download.description')}</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
          {t('download.submit')}
        </Button>
      </Card>
      <Card title={<Typography.Text type="danger">{t('delete.dangerZone')}</Typography.Text>} style={{ borderColor: '#ffccc7' }}>
        <Typography.Paragraph>
          {t('delete.description')}
        </Typography.Paragraph>
        <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
          {t('delete.open')}
        </Button>
      </Card>
      <Modal
        open={confirming}
        title={t('delete.title')}
        okText={t('delete.submit')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setConfirming(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('delete.warning')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" name="delete-account" onFinish={({ password }) => remove.mutate(password)}>
          <Form.Item label={t('delete.passwordLabel')} name="password" rules={[{ required: true, message: t('delete.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
