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
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { capitalise, day } from '../money/format';
import { CardRequestDetails } from './CardRequestDetails';
import { CARD_STATUS_COLOURS, CARD_TYPE_LABELS, cardKeys, cardsApi, type CardDecision, type CardRequestFilters, type CardRequestView } from './cards-api';

type Asking = { request: CardRequestView; decision: 'rejected' | 'delivered' } | null;

const DONE: Record<CardDecision['decision'], string> = { approved: 'Card request approved', rejected: 'Card request rejected', delivered: 'Card marked as delivered' };

/** Back office: every card request; approve, reject with a reason, mark an approved physical card delivered with its tracking number. */
export function AdminCardRequests() {
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
      notification.success({ message: DONE[body.decision] });
      setAsking(null);
      form.resetFields();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => notification.error({ message: 'Update Failed', description: serverMessage(error) ?? 'Failed to update the card request.' }),
  });

  return (
    <Card
      title="Card Requests"
      extra={
        <Select
          aria-label="Status filter"
          style={{ width: 160 }}
          value={status ?? 'all'}
          onChange={(value) => setStatus(value === 'all' ? undefined : (value as CardRequestFilters['status']))}
          options={['all', 'pending', 'approved', 'delivered', 'rejected', 'cancelled'].map((value) => ({ value, label: value === 'all' ? 'All statuses' : capitalise(value) }))}
        />
      }
    >
      <Table<CardRequestView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description="No card requests found" /> }}
        columns={[
          { title: 'Client', render: (_, row) => (row.client ? `${row.client.firstName} ${row.client.lastName}` : row.userId) },
          { title: 'Email', render: (_, row) => row.client?.email ?? '—' },
          { title: 'Type', dataIndex: 'cardType', render: (type: CardRequestView['cardType']) => CARD_TYPE_LABELS[type] },
          { title: 'Card Name', dataIndex: 'cardName' },
          { title: 'Status', dataIndex: 'status', render: (value: CardRequestView['status']) => <Tag color={CARD_STATUS_COLOURS[value]}>{capitalise(value)}</Tag> },
          { title: 'Requested', dataIndex: 'requestDate', render: day },
          {
            title: 'Actions',
            render: (_, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setViewing(row)}>
                  View
                </Button>
                {row.status === 'pending' && (
                  <>
                    <Button size="small" type="primary" loading={decide.isPending && decide.variables?.id === row.id} onClick={() => decide.mutate({ id: row.id, body: { decision: 'approved' } })}>
                      Approve
                    </Button>
                    <Button size="small" danger onClick={() => setAsking({ request: row, decision: 'rejected' })}>
                      Reject
                    </Button>
                  </>
                )}
                {row.status === 'approved' && row.cardType === 'physical' && (
                  <Button size="small" onClick={() => setAsking({ request: row, decision: 'delivered' })}>
                    Mark Delivered
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={asking !== null}
        title={asking?.decision === 'rejected' ? 'Reject Card Request' : 'Mark Card Delivered'}
        okText={asking?.decision === 'rejected' ? 'Reject' : 'Mark Delivered'}
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
            label={asking?.decision === 'rejected' ? 'Reason (told to the customer)' : 'Tracking Number'}
            name="text"
            rules={[{ required: true, whitespace: true, message: asking?.decision === 'rejected' ? 'Please enter a reason for the rejection.' : 'Please enter the tracking number of the delivery.' }]}
          >
            {asking?.decision === 'rejected' ? <Input.TextArea rows={3} maxLength={1000} /> : <Input maxLength={100} />}
          </Form.Item>
        </Form>
      </Modal>
      <CardRequestDetails request={viewing} onClose={() => setViewing(null)} admin />
    </Card>
  );
}
