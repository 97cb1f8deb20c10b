import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { BROADCAST_TEMPLATES } from './broadcast-templates';
import { notificationsApi, type BroadcastPayload, type RecipientStats } from './notifications-api';
import { notificationKeys } from './query-keys';
import { formatDateTime } from '../ui/date-format';

type AudienceKind = BroadcastPayload['audience']['kind'];
interface SendForm {
  title: string;
  message: string;
  type: BroadcastPayload['type'];
  expiresAt?: string;
  audienceKind: AudienceKind;
  userId?: string;
  userStatus?: 'active' | 'suspended' | 'pending';
  kycStatus?: 'pending' | 'verified' | 'rejected';
}

const TYPE_COLOURS = { info: 'blue', success: 'green', warning: 'gold', error: 'red' } as const;
/** In the customer's language and time zone (ui/date-format). */
const dateTime = { format: (date: Date) => formatDateTime(date.toISOString()) };

function audienceText(audience: RecipientStats['recentBroadcasts'][number]['audience']): string {
  if (audience.kind === 'all_customers') return 'All customers';
  if (audience.kind === 'user') return 'One user';
  return ['Customers', audience.userStatus && `status ${audience.userStatus}`, audience.kycStatus && `KYC ${audience.kycStatus}`].filter(Boolean).join(', ');
}

/** Finds the one recipient by name or email (identity's directory, through the notification service). */
function RecipientPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const [q, setQ] = useState('');
  const matches = useQuery({ queryKey: [...notificationKeys.all, 'recipients', q], queryFn: () => notificationsApi.findRecipients(q), enabled: q.trim().length >= 2, staleTime: 30_000 });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      placeholder="Search by name or email"
      notFoundContent={q.trim().length < 2 ? 'Type at least 2 characters' : matches.isFetching ? 'Searching...' : 'No users found'}
      options={(matches.data?.items ?? []).map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName} <${user.email}>` }))}
    />
  );
}

function SendNotificationDialog({ open, initial, onClose }: { open: boolean; initial: Partial<SendForm>; onClose: () => void }) {
  const [form] = Form.useForm<SendForm>();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const audienceKind = Form.useWatch('audienceKind', form);
  const send = useMutation({ mutationFn: notificationsApi.broadcast, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.stats() }) });

  const submit = async (values: SendForm) => {
    if (!values.title?.trim() || !values.message?.trim()) {
      notification.error({ title: 'Validation Error', description: 'Please enter a title and a message.' });
      return;
    }
    const audience: BroadcastPayload['audience'] =
      values.audienceKind === 'user'
        ? { kind: 'user', userId: values.userId?.trim() }
        : values.audienceKind === 'filtered'
          ? { kind: 'filtered', ...(values.userStatus ? { userStatus: values.userStatus } : {}), ...(values.kycStatus ? { kycStatus: values.kycStatus } : {}) }
          : { kind: 'all_customers' };
    try {
      const result = await send.mutateAsync({
        title: values.title.trim(),
        message: values.message.trim(),
        type: values.type,
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
        audience,
      });
      notification.success({ title: 'Success', description: result.message });
      form.resetFields();
      onClose();
    } catch (error) {
      notification.error({ title: 'Failed to broadcast notification', description: serverMessage(error) ?? 'Please try again.' });
    }
  };

  return (
    <Modal
      open={open}
      title="Send Notification"
      onCancel={onClose}
      okText="Send Notification"
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ type: 'info', audienceKind: 'all_customers', ...initial })}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item label="Title" name="title" required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Message" name="message" required>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Type" name="type">
              <Select options={(['info', 'success', 'warning', 'error'] as const).map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Expires (optional)" name="expiresAt">
              <Input type="datetime-local" aria-label="Expires" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Recipients" name="audienceKind">
          <Radio.Group
            options={[
              { value: 'all_customers', label: 'All customers' },
              { value: 'user', label: 'One user' },
              { value: 'filtered', label: 'Filtered customers' },
            ]}
          />
        </Form.Item>
        {audienceKind === 'user' && (
          <Form.Item label="User" name="userId" rules={[{ required: true, message: 'Choose the user' }]}>
            <RecipientPicker />
          </Form.Item>
        )}
        {audienceKind === 'filtered' && (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="Account status" name="userStatus">
                <Select allowClear placeholder="Any" options={['active', 'suspended', 'pending'].map((value) => ({ value, label: value }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="KYC status" name="kycStatus">
                <Select allowClear placeholder="Any" options={['pending', 'verified', 'rejected'].map((value) => ({ value, label: value }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </Modal>
  );
}

/** Admin Notification Center (spec 02 §2): send, templates, recipient statistics, failed emails. */
export function NotificationCenter() {
  const stats = useQuery({ queryKey: notificationKeys.stats(), queryFn: notificationsApi.stats, staleTime: 30_000 });
  const failed = useQuery({ queryKey: notificationKeys.failedEmails(), queryFn: notificationsApi.failedEmails, staleTime: 30_000 });
  const [dialog, setDialog] = useState<{ open: boolean; initial: Partial<SendForm> }>({ open: false, initial: {} });
  const audience = stats.data?.audience;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => setDialog({ open: true, initial: {} })}>
          Send Notification
        </Button>
      </Space>
      <Card title="Templates">
        <Row gutter={[16, 16]}>
          {BROADCAST_TEMPLATES.map((template) => (
            <Col key={template.key} xs={24} sm={12} lg={6}>
              <Card size="small" title={template.name} extra={<Tag color={TYPE_COLOURS[template.values.type]}>{template.values.type}</Tag>}>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
                  {template.values.message}
                </Typography.Paragraph>
                <Button
                  onClick={() =>
                    setDialog({ open: true, initial: { ...template.values, ...(template.key === 'kyc-reminder' ? { audienceKind: 'filtered' as const, kycStatus: 'pending' as const } : {}) } })
                  }
                >
                  Use template
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title="Recipient Statistics">
        {stats.isError && <Typography.Text type="danger">{serverMessage(stats.error) ?? 'Statistics could not be loaded.'}</Typography.Text>}
        {audience && (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={4}><Statistic title="Customers" value={audience.totalCustomers} /></Col>
            <Col xs={12} md={4}><Statistic title="Active" value={audience.activeCustomers} /></Col>
            <Col xs={12} md={4}><Statistic title="Suspended" value={audience.suspendedCustomers} /></Col>
            <Col xs={12} md={4}><Statistic title="KYC verified" value={audience.kycVerified} /></Col>
            <Col xs={12} md={4}><Statistic title="KYC pending" value={audience.kycPending} /></Col>
            <Col xs={12} md={4}><Statistic title="KYC rejected" value={audience.kycRejected} /></Col>
          </Row>
        )}
        <Table
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          pagination={false}
          loading={stats.isLoading}
          dataSource={stats.data?.recentBroadcasts ?? []}
          locale={{ emptyText: 'No notifications sent yet' }}
          columns={[
            { title: 'Title', dataIndex: 'title' },
            { title: 'Type', dataIndex: 'type', render: (type: keyof typeof TYPE_COLOURS) => <Tag color={TYPE_COLOURS[type]}>{type}</Tag> },
            { title: 'Audience', dataIndex: 'audience', render: audienceText },
            { title: 'Recipients', dataIndex: 'recipientCount' },
            { title: 'Read', dataIndex: 'readCount' },
            { title: 'Sent', dataIndex: 'createdAt', render: (value: string) => dateTime.format(new Date(value)) },
          ]}
        />
      </Card>
      <Card title="Failed Emails" extra={failed.data ? <Typography.Text type="secondary">{failed.data.total}</Typography.Text> : null}>
        {failed.isError && <Typography.Text type="danger">{serverMessage(failed.error) ?? 'Failed emails could not be loaded.'}</Typography.Text>}
        <Table
          rowKey="jobId"
          size="small"
          pagination={false}
          loading={failed.isLoading}
          dataSource={failed.data?.items ?? []}
          locale={{ emptyText: 'No failed emails' }}
          columns={[
            { title: 'Email', dataIndex: 'template' },
            { title: 'Recipient', dataIndex: 'recipient' },
            { title: 'Attempts', dataIndex: 'attemptsMade' },
            { title: 'Reason', dataIndex: 'failedReason' },
            { title: 'Failed', dataIndex: 'failedAt', render: (value: string | null) => (value ? dateTime.format(new Date(value)) : '—') },
          ]}
        />
      </Card>
      <SendNotificationDialog open={dialog.open} initial={dialog.initial} onClose={() => setDialog({ open: false, initial: {} })} />
    </Space>
  );
}
