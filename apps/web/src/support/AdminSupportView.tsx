import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { Conversation } from './Conversation';
import type { TicketUpdate } from './support-api';
import { TICKET_FAILED } from './SupportCenter';
import { dateTime, preview, shortId, TicketStatusTag } from './TicketStatusTag';
import { useAllTickets, useAnyTicket, useDeleteTicket, useUpdateTicket } from './use-tickets';

type AdminStatus = NonNullable<TicketUpdate['status']>;
const ADMIN_STATUSES: AdminStatus[] = ['in_progress', 'resolved', 'closed'];
const FILTERS = ['all', 'open', 'in_progress', 'resolved', 'closed'] as const;

function TicketPanel({ ticketId, onDeleted }: { ticketId: string; onDeleted: () => void }) {
  const ticket = useAnyTicket(ticketId);
  const update = useUpdateTicket(ticketId);
  const remove = useDeleteTicket();
  const { notification } = useFeedback();
  const [response, setResponse] = useState('');
  const detail = ticket.data;

  const fail = (error: unknown) => notification.error({ title: 'Error', description: serverMessage(error) ?? TICKET_FAILED });
  const setStatus = async (status: AdminStatus) => {
    try {
      await update.mutateAsync({ status });
      notification.success({ title: 'Ticket Updated', description: `The ticket is now ${status.replace('_', ' ')}.` });
    } catch (error) {
      fail(error);
    }
  };
  const respond = async () => {
    if (!response.trim()) {
      notification.error({ title: 'Validation Error', description: 'Please enter a response message.' });
      return;
    }
    try {
      await update.mutateAsync({ adminResponse: response.trim() });
      setResponse('');
      notification.success({ title: 'Ticket Updated', description: 'Your response was sent and the ticket is resolved.' });
    } catch (error) {
      fail(error);
    }
  };
  const destroy = async () => {
    try {
      await remove.mutateAsync(ticketId);
      notification.success({ title: 'Ticket Deleted', description: 'The ticket has been deleted.' });
      onDeleted();
    } catch (error) {
      fail(error);
    }
  };

  if (ticket.isError) return <Typography.Text type="danger">{serverMessage(ticket.error) ?? 'The ticket could not be loaded.'}</Typography.Text>;
  if (!detail) return null;
  return (
    <Card
      title={`${detail.subject} (#${shortId(detail.id)})`}
      extra={
        <Popconfirm title="Are you sure you want to delete this ticket?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={destroy}>
          <Button danger loading={remove.isPending}>
            Delete
          </Button>
        </Popconfirm>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <TicketStatusTag status={detail.status} />
          <Tag>{detail.category}</Tag>
          <Tag>{detail.priority}</Tag>
          <Typography.Text type="secondary">
            {detail.userName ?? 'Customer'} {detail.userEmail ? `· ${detail.userEmail}` : ''}
          </Typography.Text>
        </Space>
        <Conversation ticket={detail} viewer="admin" />
        <Space wrap aria-label="Change status">
          {ADMIN_STATUSES.map((status) => (
            <Button key={status} disabled={detail.status === status || update.isPending} onClick={() => setStatus(status)}>
              {status.replace('_', ' ')}
            </Button>
          ))}
        </Space>
        <Input.TextArea rows={4} value={response} onChange={(event) => setResponse(event.target.value)} placeholder="Write your response to the customer" aria-label="Response" maxLength={5000} />
        <Button type="primary" onClick={respond} loading={update.isPending}>
          Send Response
        </Button>
      </Space>
    </Card>
  );
}

/** Admin view of the Support Center (spec 02 §2): every ticket, status buttons, response box, delete. */
export function AdminSupportView() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const [q, setQ] = useState('');
  const tickets = useAllTickets({ status: filter === 'all' ? undefined : filter, q: q.trim() || undefined });
  const [selected, setSelected] = useState<string | null>(null);
  const items = tickets.data?.items ?? [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="All Tickets" extra={tickets.data ? <Typography.Text type="secondary">{tickets.data.total}</Typography.Text> : null}>
          <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
            <Segmented value={filter} onChange={(value) => setFilter(value as (typeof FILTERS)[number])} options={FILTERS.map((value) => ({ value, label: value.replace('_', ' ') }))} />
            <Input.Search allowClear placeholder="Search subject or message" onSearch={setQ} aria-label="Search tickets" />
          </Space>
          {tickets.isError && <Typography.Text type="danger">{serverMessage(tickets.error) ?? 'Tickets could not be loaded. Please try again.'}</Typography.Text>}
          {tickets.isSuccess && items.length === 0 && <Empty description="No support tickets" />}
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="All tickets">
            {items.map((ticket) => (
              <li key={ticket.id} data-testid="admin-ticket-row">
                <button
                  type="button"
                  onClick={() => setSelected(ticket.id)}
                  style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%', padding: '10px 8px', borderBottom: '1px solid #f0f0f0', background: selected === ticket.id ? '#e6f4ff' : undefined }}
                >
                  <Space wrap>
                    <Typography.Text strong>{ticket.subject}</Typography.Text>
                    <TicketStatusTag status={ticket.status} />
                    <Typography.Text type="secondary">#{shortId(ticket.id)}</Typography.Text>
                  </Space>
                  <div>
                    <Typography.Text type="secondary">{preview(ticket.message)}</Typography.Text>
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {ticket.userName ?? 'Customer'} · {ticket.priority} · {dateTime.format(new Date(ticket.createdAt))}
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        {selected ? <TicketPanel key={selected} ticketId={selected} onDeleted={() => setSelected(null)} /> : <Card><Empty description="Select a ticket to answer it" /></Card>}
      </Col>
    </Row>
  );
}
