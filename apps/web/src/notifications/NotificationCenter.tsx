import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { StatFigure } from '../ui/StatFigure';
import { DataTable } from '../ui/DataTable';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { broadcastTemplates } from './broadcast-templates';
import { notificationsApi, type BroadcastPayload, type FailedEmailView, type RecipientStats } from './notifications-api';
import { notificationKeys } from './query-keys';
import { formatDateTime } from '../ui/date-format';
import { useActionsColumn } from '../ui/table-actions';

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

function audienceText(t: TFunction<'notifications'>, audience: RecipientStats['recentBroadcasts'][number]['audience']): string {
  if (audience.kind === 'all_customers') return t('audience.allCustomers');
  if (audience.kind === 'user') return t('audience.oneUser');
  return [
    t('audience.customers'),
    audience.userStatus && t('audience.status', { status: t(`userStatuses.${audience.userStatus}`) }),
    audience.kycStatus && t('audience.kyc', { status: t(`kycStatuses.${audience.kycStatus}`) }),
  ]
    .filter(Boolean)
    .join(', ');
}

/** Finds the one recipient by name or email (identity's directory, through the notification service). */
function RecipientPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation('notifications');
  const [q, setQ] = useState('');
  const matches = useQuery({ queryKey: [...notificationKeys.all, 'recipients', q], queryFn: () => notificationsApi.findRecipients(q), enabled: q.trim().length >= 2, staleTime: 30_000 });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      placeholder={t('picker.placeholder')}
      notFoundContent={q.trim().length < 2 ? t('picker.typeMore') : matches.isFetching ? t('picker.searching') : t('picker.noUsers')}
      options={(matches.data?.items ?? []).map((user) => ({ value: user.id, label: t('picker.option', { firstName: user.firstName, lastName: user.lastName, email: user.email }) }))}
    />
  );
}

function SendNotificationDialog({ open, initial, onClose }: { open: boolean; initial: Partial<SendForm>; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const [form] = Form.useForm<SendForm>();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const audienceKind = Form.useWatch('audienceKind', form);
  const send = useMutation({ mutationFn: notificationsApi.broadcast, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.stats() }) });

  const submit = async (values: SendForm) => {
    if (!values.title?.trim() || !values.message?.trim()) {
      notification.error({ title: t('send.validationTitle'), description: t('send.validation') });
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
      notification.success({ title: t('send.successTitle'), description: t('send.broadcastSent', { count: result.recipientCount }) });
      form.resetFields();
      onClose();
    } catch (error) {
      notification.error({ title: t('send.failedTitle'), description: serverMessage(error) ?? t('send.failed') });
    }
  };

  return (
    <Modal
      open={open}
      title={t('send.title')}
      onCancel={onClose}
      okText={t('send.title')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ type: 'info', audienceKind: 'all_customers', ...initial })}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item label={t('send.titleField')} name="title" required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={t('send.message')} name="message" required>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label={t('send.type')} name="type">
              <Select options={(['info', 'success', 'warning', 'error'] as const).map((value) => ({ value, label: t(`types.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('send.expiresOptional')} name="expiresAt">
              <Input type="datetime-local" aria-label={t('send.expires')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('send.recipients')} name="audienceKind">
          <Radio.Group
            options={[
              { value: 'all_customers', label: t('audience.allCustomers') },
              { value: 'user', label: t('audience.oneUser') },
              { value: 'filtered', label: t('audience.filteredCustomers') },
            ]}
          />
        </Form.Item>
        {audienceKind === 'user' && (
          <Form.Item label={t('send.user')} name="userId" rules={[{ required: true, message: t('send.chooseUser') }]}>
            <RecipientPicker />
          </Form.Item>
        )}
        {audienceKind === 'filtered' && (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label={t('send.accountStatus')} name="userStatus">
                <Select allowClear placeholder={t('send.any')} options={['active', 'suspended', 'pending'].map((value) => ({ value, label: t(`userStatuses.${value}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('send.kycStatus')} name="kycStatus">
                <Select allowClear placeholder={t('send.any')} options={['pending', 'verified', 'rejected'].map((value) => ({ value, label: t(`kycStatuses.${value}`) }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </Modal>
  );
}

/**
 * Retry and Dismiss on one failed email. Either way the list is asked again: a retried email
 * leaves it (until it fails again), a dismissed one is gone; so is one another admin acted on
 * first, which the server answers with its reason.
 */
function FailedEmailActions({ email }: { email: FailedEmailView }) {
  const { t } = useTranslation('notifications');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.failedEmails() });
  const failedToAct = (error: unknown, fallback: string) => message.error(serverMessage(error) ?? fallback);
  const retry = useMutation({
    mutationFn: () => notificationsApi.retryFailedEmail(email.jobId),
    onSuccess: () => message.success(t('center.retried', { recipient: email.recipient })),
    onError: (error) => failedToAct(error, t('center.retryFailed')),
    onSettled: refresh,
  });
  const dismiss = useMutation({
    mutationFn: () => notificationsApi.dismissFailedEmail(email.jobId),
    onSuccess: () => message.success(t('center.dismissed')),
    onError: (error) => failedToAct(error, t('center.dismissFailed')),
    onSettled: refresh,
  });
  const busy = retry.isPending || dismiss.isPending;
  return (
    <Space size="small">
      <Button size="small" onClick={() => retry.mutate()} loading={retry.isPending} disabled={busy && !retry.isPending}>
        {t('center.retry')}
      </Button>
      <Popconfirm title={t('center.confirmDismiss')} description={t('center.dismissNotSent')} okText={t('center.dismiss')} cancelText={t('center.keep')} okButtonProps={{ danger: true }} onConfirm={() => dismiss.mutate()}>
        <Button size="small" danger loading={dismiss.isPending} disabled={busy && !dismiss.isPending}>
          {t('center.dismiss')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Admin Notification Center (spec 02 §2): send, templates, recipient statistics, failed emails (retried or dismissed there). */
export function NotificationCenter() {
  const { t } = useTranslation('notifications');
  const stats = useQuery({ queryKey: notificationKeys.stats(), queryFn: notificationsApi.stats, staleTime: 30_000 });
  const failed = useQuery({ queryKey: notificationKeys.failedEmails(), queryFn: notificationsApi.failedEmails, staleTime: 30_000 });
  const actionsColumn = useActionsColumn();
  const [dialog, setDialog] = useState<{ open: boolean; initial: Partial<SendForm> }>({ open: false, initial: {} });
  const audience = stats.data?.audience;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => setDialog({ open: true, initial: {} })}>
          {t('send.title')}
        </Button>
      </Space>
      <Card title={t('center.templates')}>
        <Row gutter={[16, 16]}>
          {broadcastTemplates().map((template) => (
            <Col key={template.key} xs={24} sm={12} lg={6}>
              <Card size="small" title={template.name} extra={<Tag color={TYPE_COLOURS[template.values.type]}>{t(`typeTags.${template.values.type}`)}</Tag>}>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
                  {template.values.message}
                </Typography.Paragraph>
                <Button
                  onClick={() =>
                    setDialog({ open: true, initial: { ...template.values, ...(template.key === 'kyc-reminder' ? { audienceKind: 'filtered' as const, kycStatus: 'pending' as const } : {}) } })
                  }
                >
                  {t('center.useTemplate')}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('center.recipientStatistics')}>
        {stats.isError && <Typography.Text type="danger">{serverMessage(stats.error) ?? t('center.statsFailed')}</Typography.Text>}
        {audience && (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={4}><StatFigure title={t('center.customers')} value={audience.totalCustomers} /></Col>
            <Col xs={12} md={4}><StatFigure title={t('center.active')} value={audience.activeCustomers} /></Col>
            <Col xs={12} md={4}><StatFigure title={t('center.suspended')} value={audience.suspendedCustomers} /></Col>
            <Col xs={12} md={4}><StatFigure title={t('center.kycVerified')} value={audience.kycVerified} /></Col>
            <Col xs={12} md={4}><StatFigure title={t('center.kycPending')} value={audience.kycPending} /></Col>
            <Col xs={12} md={4}><StatFigure title={t('center.kycRejected')} value={audience.kycRejected} /></Col>
          </Row>
        )}
        <DataTable
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          pagination={false}
          loading={stats.isLoading}
          dataSource={stats.data?.recentBroadcasts ?? []}
          locale={{ emptyText: t('center.noneSent') }}
          scroll={{ x: 600 }}
          columns={[
            { title: t('center.title'), dataIndex: 'title' },
            { title: t('center.type'), dataIndex: 'type', render: (type: keyof typeof TYPE_COLOURS) => <Tag color={TYPE_COLOURS[type]}>{t(`typeTags.${type}`)}</Tag> },
            { title: t('center.audience'), dataIndex: 'audience', render: (audience: RecipientStats['recentBroadcasts'][number]['audience']) => audienceText(t, audience) },
            { title: t('center.recipients'), dataIndex: 'recipientCount' },
            { title: t('center.read'), dataIndex: 'readCount' },
            { title: t('center.sent'), dataIndex: 'createdAt', render: (value: string) => dateTime.format(new Date(value)) },
          ]}
        />
      </Card>
      <Card title={t('center.failedEmails')} extra={failed.data ? <Typography.Text type="secondary">{failed.data.total}</Typography.Text> : null}>
        {failed.isError && <Typography.Text type="danger">{serverMessage(failed.error) ?? t('center.failedEmailsFailed')}</Typography.Text>}
        <DataTable
          rowKey="jobId"
          size="small"
          pagination={false}
          loading={failed.isLoading}
          dataSource={failed.data?.items ?? []}
          locale={{ emptyText: t('center.noFailedEmails') }}
          scroll={{ x: 800 }}
          columns={[
            { title: t('center.email'), dataIndex: 'template', render: (template: string) => t(`emailTemplates.${template}`, { defaultValue: template }) },
            { title: t('center.recipient'), dataIndex: 'recipient' },
            { title: t('center.attempts'), dataIndex: 'attemptsMade' },
            { title: t('center.reason'), dataIndex: 'failedReason' },
            { title: t('center.failed'), dataIndex: 'failedAt', render: (value: string | null) => (value ? dateTime.format(new Date(value)) : '—') },
            actionsColumn({ title: t('center.actions'), width: 200, render: (_: unknown, email: FailedEmailView) => <FailedEmailActions email={email} /> }),
          ]}
        />
      </Card>
      <SendNotificationDialog open={dialog.open} initial={dialog.initial} onClose={() => setDialog({ open: false, initial: {} })} />
    </Space>
  );
}
