import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { DataTable } from '../ui/DataTable';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { day } from '../money/format';
import { CursorPager } from '../ui/CursorPager';
import { formatNumber } from '../ui/number-format';
import { useCursorPages } from '../ui/use-cursor-pages';
import { useActionsColumn } from '../ui/table-actions';
import { CardRequestDetails } from './CardRequestDetails';
import { cardStatusText, cardTypeText, requestText } from './labels';
import { CARD_STATUS_COLOURS, cardKeys, cardsApi, type CardDecision, type CardRequestFilters, type CardRequestView } from './cards-api';

type Asking = { request: CardRequestView; decision: 'rejected' | 'delivered' } | null;

const PAGE_SIZE = 20;

/** Back office: every card request; approve, reject with a reason, mark an approved physical card delivered with its tracking number. */
export function AdminCardRequests() {
  const { t } = useTranslation('cards');
  const actionsColumn = useActionsColumn();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CardRequestFilters['status']>(undefined);
  // Paged by the server's cursor: every request stays reachable, not only the newest ones.
  const pages = useCursorPages(status);
  const filters: CardRequestFilters = { status, cursor: pages.cursor, limit: PAGE_SIZE };
  const { data, isLoading, error } = useQuery({ queryKey: cardKeys.admin(filters), queryFn: () => cardsApi.all(filters), placeholderData: keepPreviousData });
  const [asking, setAsking] = useState<Asking>(null);
  const [viewing, setViewing] = useState<CardRequestView | null>(null);
  const [form] = Form.useForm<{ text: string }>();
  const decide = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CardDecision }) => cardsApi.decide(id, body),
    onSuccess: (_, { body }) => {
      notification.success({ title: t(`admin.done.${body.decision}`) });
      setAsking(null);
      form.resetFields();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => {
      notification.error({ title: t('common.updateFailed'), description: serverMessage(error) ?? t('admin.updateFailedDefault') });
      // Decided meanwhile (another admin, or the customer cancelled): show the request as it is now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        setAsking(null);
        form.resetFields();
      }
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });

  return (
    <Card
      title={t('admin.title')}
      extra={
        <Select
          aria-label={t('admin.statusFilter')}
          style={{ width: 160 }}
          value={status ?? 'all'}
          onChange={(value) => setStatus(value === 'all' ? undefined : (value as CardRequestFilters['status']))}
          options={(['all', 'pending', 'approved', 'delivered', 'rejected', 'cancelled'] as const).map((value) => ({ value, label: cardStatusText(value) }))}
        />
      }
    >
      {error && <Alert type="error" showIcon title={t('admin.loadFailed')} description={serverMessage(error) ?? undefined} style={{ marginBottom: 16 }} />}
      <DataTable<CardRequestView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: error ? <span /> : <Empty description={t('admin.empty')} /> }}
        columns={[
          { title: t('admin.client'), render: (_, row) => (row.client ? `${row.client.firstName} ${row.client.lastName}` : row.userId) },
          { title: t('admin.email'), render: (_, row) => row.client?.email ?? '—' },
          { title: t('common.type'), dataIndex: 'cardType', render: (type: CardRequestView['cardType']) => cardTypeText(type) },
          { title: t('common.cardName'), dataIndex: 'cardName', render: requestText },
          { title: t('common.status'), dataIndex: 'status', render: (value: CardRequestView['status']) => <Tag color={CARD_STATUS_COLOURS[value]}>{cardStatusText(value)}</Tag> },
          { title: t('common.requested'), dataIndex: 'requestDate', render: day },
          actionsColumn({
            title: t('common.actions'),
            width: 240,
            render: (_, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setViewing(row)}>
                  {t('admin.view')}
                </Button>
                {row.status === 'pending' && (
                  <>
                    <Button size="small" type="primary" loading={decide.isPending && decide.variables?.id === row.id} onClick={() => decide.mutate({ id: row.id, body: { decision: 'approved' } })}>
                      {t('admin.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => setAsking({ request: row, decision: 'rejected' })}>
                      {t('admin.reject')}
                    </Button>
                  </>
                )}
                {row.status === 'approved' && row.cardType === 'physical' && (
                  <Button size="small" onClick={() => setAsking({ request: row, decision: 'delivered' })}>
                    {t('admin.markDelivered')}
                  </Button>
                )}
              </Space>
            ),
          }),
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor}>
        {data && (
          <Typography.Text type="secondary">
            {t('admin.count', { total: formatNumber(data.total) })} · {t('admin.pendingCount', { pending: formatNumber(data.counts.pendingRequests) })}
          </Typography.Text>
        )}
      </CursorPager>
      <Modal
        open={asking !== null}
        title={asking?.decision === 'rejected' ? t('admin.rejectTitle') : t('admin.deliverTitle')}
        okText={asking?.decision === 'rejected' ? t('admin.reject') : t('admin.markDelivered')}
        okButtonProps={{ danger: asking?.decision === 'rejected', loading: decide.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setAsking(null);
          form.resetFields();
        }}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ text }) => {
            if (!asking) return;
            const value = text.trim();
            decide.mutate({ id: asking.request.id, body: asking.decision === 'rejected' ? { decision: 'rejected', reason: value } : { decision: 'delivered', trackingNumber: value } });
          }}
        >
          <Form.Item
            label={asking?.decision === 'rejected' ? t('admin.reasonLabel') : t('common.trackingNumber')}
            name="text"
            rules={[{ required: true, whitespace: true, message: asking?.decision === 'rejected' ? t('admin.reasonRequired') : t('admin.trackingRequired') }]}
          >
            {asking?.decision === 'rejected' ? <Input.TextArea rows={3} maxLength={1000} /> : <Input maxLength={100} />}
          </Form.Item>
        </Form>
      </Modal>
      <CardRequestDetails request={viewing} onClose={() => setViewing(null)} admin />
    </Card>
  );
}
