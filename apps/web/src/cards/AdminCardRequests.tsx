import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { day } from '../money/format';
import { CardRequestDetails } from './CardRequestDetails';
import { cardStatusText, cardTypeText } from './labels';
import { CARD_STATUS_COLOURS, cardKeys, cardsApi, type CardDecision, type CardRequestFilters, type CardRequestView } from './cards-api';

type Asking = { request: CardRequestView; decision: 'rejected' | 'delivered' } | null;

/** Back office: every card request; approve, reject with a reason, mark an approved physical card delivered with its tracking number. */
export function AdminCardRequests() {
  const { t } = useTranslation('cards');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CardRequestFilters['status']>(undefined);
  const filters: CardRequestFilters = { status, limit: 100 };
  const { data, isLoading } = useQuery({ queryKey: cardKeys.admin(filters), queryFn: () => cardsApi.all(filters) });
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
    onError: (error) => notification.error({ title: t('common.updateFailed'), description: serverMessage(error) ?? t('admin.updateFailedDefault') }),
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
      <Table<CardRequestView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('admin.empty')} /> }}
        columns={[
          { title: t('admin.client'), render: (_, row) => (row.client ? `${row.client.firstName} ${row.client.lastName}` : row.userId) },
          { title: t('admin.email'), render: (_, row) => row.client?.email ?? '—' },
          { title: t('common.type'), dataIndex: 'cardType', render: (type: CardRequestView['cardType']) => cardTypeText(type) },
          { title: t('common.cardName'), dataIndex: 'cardName' },
          { title: t('common.status'), dataIndex: 'status', render: (value: CardRequestView['status']) => <Tag color={CARD_STATUS_COLOURS[value]}>{cardStatusText(value)}</Tag> },
          { title: t('common.requested'), dataIndex: 'requestDate', render: day },
          {
            title: t('common.actions'),
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
          },
        ]}
      />
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
