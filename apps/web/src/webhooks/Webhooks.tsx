import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { CursorPager } from '../ui/CursorPager';
import { formatDateTime } from '../ui/date-format';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { useActionsColumn } from '../ui/table-actions';
import { useCursorPages } from '../ui/use-cursor-pages';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { webhookKeys, webhooksApi, type CreatedWebhookEndpoint, type WebhookDeliveryView, type WebhookEndpointView } from './webhooks-api';

const PAGE_SIZE = 20;
const STATUS_COLOURS = { pending: 'blue', succeeded: 'green', failed: 'red' } as const;

interface CreateForm {
  url: string;
  events: string[];
  description?: string;
}

/** Registers an endpoint; once created, shows its signing secret (the only time) with a copy button. */
function CreateEndpointDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [form] = Form.useForm<CreateForm>();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const create = useMutation({
    mutationFn: (values: CreateForm) => webhooksApi.create({ url: values.url.trim(), events: values.events, description: values.description?.trim() || undefined }),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() });
    },
  });
  const close = () => {
    form.resetFields();
    create.reset();
    setCreated(null);
    onClose();
  };
  if (created) {
    return (
      <Modal open={open} title={t('create.createdTitle')} onCancel={close} footer={<Button type="primary" onClick={close}>{t('create.done')}</Button>}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('create.secretOnce')} />
          <Typography.Text strong>{t('create.secret')}</Typography.Text>
          <Typography.Text code copyable={{ tooltips: [t('create.copy'), t('create.copied')] }} data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {created.secret}
          </Typography.Text>
          <Typography.Text type="secondary">{t('create.verifyHint')}</Typography.Text>
        </Space>
      </Modal>
    );
  }
  return (
    <Modal open={open} title={t('create.title')} okText={t('create.submit')} cancelText={t('create.cancel')} onCancel={close} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)} requiredMark>
        {create.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={serverMessage(create.error) ?? t('create.failed')} />}
        <Form.Item label={t('create.url')} name="url" extra={t('create.urlHint')} rules={[{ required: true, whitespace: true, message: t('create.urlRequired') }]}>
          <Input inputMode="url" placeholder="https://hooks.example.com/portal" />
        </Form.Item>
        <Form.Item label={t('create.events')} name="events" rules={[{ required: true, type: 'array', min: 1, message: t('create.eventsRequired') }]}>
          <Select mode="multiple" allowClear virtual={false} placeholder={t('create.eventsPlaceholder')} options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))} />
        </Form.Item>
        <Form.Item label={t('create.description')} name="description">
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The delivery log of one endpoint, newest first, with Replay on each delivery. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation('webhooks');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const actionsColumn = useActionsColumn();
  const pages = useCursorPages(endpoint.id);
  const deliveries = useQuery({ queryKey: webhookKeys.deliveries(endpoint.id, pages.cursor), queryFn: () => webhooksApi.deliveries(endpoint.id, pages.cursor, PAGE_SIZE) });
  const replay = useMutation({
    mutationFn: (delivery: WebhookDeliveryView) => webhooksApi.replay(delivery.id),
    onSuccess: () => message.success(t('deliveries.replayed')),
    onError: (error) => message.error(serverMessage(error) ?? t('deliveries.replayFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...webhookKeys.all, 'deliveries', endpoint.id] }),
  });
  return (
    <Card title={t('deliveries.title', { url: endpoint.url })} extra={<Button onClick={() => void deliveries.refetch()}>{t('deliveries.refresh')}</Button>}>
      {deliveries.isError && <Typography.Text type="danger">{serverMessage(deliveries.error) ?? t('deliveries.loadFailed')}</Typography.Text>}
      <ResponsiveTable
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.items ?? []}
        locale={{ emptyText: t('deliveries.none') }}
        scroll={{ x: 900 }}
        pagination={false}
        columns={[
          { title: t('deliveries.eventType'), dataIndex: 'eventType' },
          { title: t('deliveries.eventId'), dataIndex: 'eventId', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
          {
            title: t('deliveries.status'),
            dataIndex: 'status',
            render: (status: keyof typeof STATUS_COLOURS, delivery: WebhookDeliveryView) => (
              <Space size={4}>
                <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>
                {delivery.replayOf && <Tag>{t('deliveries.replay')}</Tag>}
              </Space>
            ),
          },
          { title: t('deliveries.responseCode'), dataIndex: 'lastResponseCode', render: (code: number | null, delivery: WebhookDeliveryView) => code ?? (delivery.lastError ? t('deliveries.noAnswer') : '—') },
          { title: t('deliveries.attempts'), dataIndex: 'attempts' },
          { title: t('deliveries.time'), dataIndex: 'createdAt', render: (value: string, delivery: WebhookDeliveryView) => formatDateTime(delivery.lastAttemptAt ?? value) },
          actionsColumn({
            title: t('deliveries.actions'),
            width: 120,
            render: (_: unknown, delivery: WebhookDeliveryView) => (
              <Button size="small" onClick={() => replay.mutate(delivery)} loading={replay.isPending && replay.variables?.id === delivery.id} aria-label={t('deliveries.replayEvent', { eventType: delivery.eventType, time: formatDateTime(delivery.createdAt) })}>
                {t('deliveries.replayAction')}
              </Button>
            ),
          }),
        ]}
      />
      <CursorPager pages={pages} nextCursor={deliveries.data?.nextCursor} total={deliveries.data?.total} limit={PAGE_SIZE} hideOnSinglePage />
    </Card>
  );
}

/** Back office Webhooks (admins with the settings permission): endpoints, their delivery logs, replay. */
export function Webhooks() {
  const { t } = useTranslation('webhooks');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const actionsColumn = useActionsColumn();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<WebhookEndpointView | null>(null);
  const endpoints = useQuery({ queryKey: webhookKeys.endpoints(), queryFn: webhooksApi.list });
  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpointView) => webhooksApi.remove(endpoint.id),
    onSuccess: (_, endpoint) => {
      message.success(t('endpoints.deleted', { url: endpoint.url }));
      if (selected?.id === endpoint.id) setSelected(null);
    },
    onError: (error) => message.error(serverMessage(error) ?? t('endpoints.deleteFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('endpoints.add')}
        </Button>
      </Space>
      <Card title={t('endpoints.title')}>
        {endpoints.isError && <Typography.Text type="danger">{serverMessage(endpoints.error) ?? t('endpoints.loadFailed')}</Typography.Text>}
        <ResponsiveTable
          rowKey="id"
          size="small"
          pagination={false}
          loading={endpoints.isLoading}
          dataSource={endpoints.data?.items ?? []}
          locale={{ emptyText: t('endpoints.none') }}
          scroll={{ x: 800 }}
          columns={[
            { title: t('endpoints.url'), dataIndex: 'url', render: (url: string) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{url}</Typography.Text> },
            {
              title: t('endpoints.events'),
              dataIndex: 'events',
              render: (events: string[]) => (
                <Space size={[4, 4]} wrap>
                  {/* A long event name wraps inside its tag, after a dot where it can, rather than running into the next column. */}
                  {events.map((type) => (
                    <Tag key={type} style={{ marginInlineEnd: 0, maxWidth: '100%', overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                      {type.split('.').map((part, index, parts) => (
                        <Fragment key={index}>
                          {part}
                          {index < parts.length - 1 && (
                            <>
                              .<wbr />
                            </>
                          )}
                        </Fragment>
                      ))}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            { title: t('endpoints.description'), dataIndex: 'description' },
            { title: t('endpoints.created'), dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
            actionsColumn({
              title: t('endpoints.actions'),
              width: 220,
              render: (_: unknown, endpoint: WebhookEndpointView) => (
                <Space size="small">
                  <Button size="small" onClick={() => setSelected(endpoint)} aria-label={t('endpoints.showDeliveriesOf', { url: endpoint.url })}>
                    {t('endpoints.showDeliveries')}
                  </Button>
                  <Popconfirm
                    title={t('endpoints.confirmDelete')}
                    description={t('endpoints.deleteExplained')}
                    okText={t('endpoints.delete')}
                    cancelText={t('endpoints.keep')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(endpoint)}
                  >
                    <Button size="small" danger loading={remove.isPending && remove.variables?.id === endpoint.id} aria-label={t('endpoints.deleteEndpoint', { url: endpoint.url })}>
                      {t('endpoints.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            }),
          ]}
        />
      </Card>
      {selected && <Deliveries key={selected.id} endpoint={selected} />}
      <CreateEndpointDialog open={creating} onClose={() => setCreating(false)} />
    </Space>
  );
}
