import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { Conversation } from './Conversation';
import type { TicketUpdate } from './support-api';
import { categoryText, priorityText, SupportText, ticketStatusText } from './labels';
import { dateTime, preview, shortId, TicketStatusTag } from './TicketStatusTag';
import { useAllTickets, useAnyTicket, useDeleteTicket, useUpdateTicket } from './use-tickets';

type AdminStatus = NonNullable<TicketUpdate['status']>;
const ADMIN_STATUSES: AdminStatus[] = ['in_progress', 'resolved', 'closed'];
const FILTERS = ['all', 'open', 'in_progress', 'resolved', 'closed'] as const;
/** Where an answer leaves the ticket: resolved, as the spec has it, unless the admin picks another (issue 30). */
const AFTER_SENDING = ['resolved', 'open', 'in_progress', 'closed'] as const;
type AfterSending = (typeof AFTER_SENDING)[number];

function TicketPanel({ ticketId, onDeleted }: { ticketId: string; onDeleted: () => void }) {
  const ticket = useAnyTicket(ticketId);
  const update = useUpdateTicket(ticketId);
  const remove = useDeleteTicket();
  const { t } = useTranslation('support');
  const { notification } = useFeedback();
  const [response, setResponse] = useState('');
  const [after, setAfter] = useState<AfterSending>('resolved');
  const detail = ticket.data;

  const fail = (error: unknown) => notification.error({ title: t('common.error'), description: serverMessage(error) ?? SupportText.ticketFailed });
  const setStatus = async (status: AdminStatus) => {
    try {
      await update.mutateAsync({ status });
      notification.success({ title: t('common.ticketUpdated'), description: t('admin.nowStatus', { status: ticketStatusText(status) }) });
    } catch (error) {
      fail(error);
    }
  };
  const respond = async () => {
    if (!response.trim()) {
      notification.error({ title: t('common.validationError'), description: t('common.responseRequired') });
      return;
    }
    try {
      // The spec's default is left implicit: the server resolves an answered ticket when no status comes with it.
      await update.mutateAsync(after === 'resolved' ? { adminResponse: response.trim() } : { adminResponse: response.trim(), status: after });
      setResponse('');
      setAfter('resolved');
      notification.success({ title: t('common.ticketUpdated'), description: after === 'resolved' ? t('admin.responded') : t('admin.respondedNow', { status: ticketStatusText(after) }) });
    } catch (error) {
      fail(error);
    }
  };
  const destroy = async () => {
    try {
      await remove.mutateAsync(ticketId);
      notification.success({ title: t('admin.deleted'), description: t('admin.deletedDescription') });
      onDeleted();
    } catch (error) {
      fail(error);
    }
  };

  if (ticket.isError) return <Typography.Text type="danger">{serverMessage(ticket.error) ?? t('common.ticketLoadFailed')}</Typography.Text>;
  if (!detail) return null;
  return (
    <Card
      title={t('ticket.title', { subject: detail.subject, id: shortId(detail.id) })}
      extra={
        <Popconfirm title={t('admin.confirmDelete')} okText={t('admin.delete')} okButtonProps={{ danger: true }} onConfirm={destroy}>
          <Button danger loading={remove.isPending}>
            {t('admin.delete')}
          </Button>
        </Popconfirm>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <TicketStatusTag status={detail.status} />
          <Tag>{categoryText(detail.category)}</Tag>
          <Tag>{priorityText(detail.priority)}</Tag>
          <Typography.Text type="secondary">
            {detail.userName ?? t('common.customer')} {detail.userEmail ? `· ${detail.userEmail}` : ''}
          </Typography.Text>
        </Space>
        <Conversation ticket={detail} viewer="admin" />
        <Space wrap aria-label={t('admin.changeStatus')}>
          {ADMIN_STATUSES.map((status) => (
            <Button key={status} disabled={detail.status === status || update.isPending} onClick={() => setStatus(status)}>
              {ticketStatusText(status)}
            </Button>
          ))}
        </Space>
        <Input.TextArea rows={4} value={response} onChange={(event) => setResponse(event.target.value)} placeholder={t('admin.responsePlaceholder')} aria-label={t('admin.responseLabel')} maxLength={5000} />
        <Space wrap>
          <Select<AfterSending>
            aria-label={t('admin.afterSending')}
            value={after}
            onChange={setAfter}
            style={{ minWidth: 200 }}
            options={AFTER_SENDING.map((status) => ({ value: status, label: t(`admin.afterSendingOption.${status}`) }))}
          />
          <Button type="primary" onClick={respond} loading={update.isPending}>
            {t(`admin.send.${after}`)}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

/** Admin view of the Support Center (spec 02 §2): every ticket, status buttons, response box, delete. */
export function AdminSupportView() {
  const { t } = useTranslation('support');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const [q, setQ] = useState('');
  const tickets = useAllTickets({ status: filter === 'all' ? undefined : filter, q: q.trim() || undefined });
  const [selected, setSelected] = useState<string | null>(null);
  const pages = tickets.data?.pages ?? [];
  // Keyset pages: a ticket opened meanwhile never repeats a row of the next page.
  const items = pages.flatMap((page) => page.items);
  const total = pages.length > 0 ? pages[pages.length - 1].total : null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title={t('admin.allTickets')} extra={total !== null ? <Typography.Text type="secondary">{total}</Typography.Text> : null}>
          <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
            <Segmented value={filter} onChange={(value) => setFilter(value as (typeof FILTERS)[number])} options={FILTERS.map((value) => ({ value, label: ticketStatusText(value) }))} />
            <Input.Search allowClear placeholder={t('admin.searchPlaceholder')} onSearch={setQ} aria-label={t('admin.searchLabel')} />
          </Space>
          {tickets.isError && <Typography.Text type="danger">{serverMessage(tickets.error) ?? t('admin.loadFailed')}</Typography.Text>}
          {tickets.isSuccess && items.length === 0 && <Empty description={t('admin.empty')} />}
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('admin.listLabel')}>
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
                    {ticket.userName ?? t('common.customer')} · {priorityText(ticket.priority)} · {dateTime.format(new Date(ticket.createdAt))}
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ul>
          {tickets.hasNextPage && (
            <Button block style={{ marginTop: 12 }} onClick={() => void tickets.fetchNextPage()} loading={tickets.isFetchingNextPage}>
              {t('admin.loadMore', { shown: items.length, total: total ?? items.length })}
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        {selected ? <TicketPanel key={selected} ticketId={selected} onDeleted={() => setSelected(null)} /> : <Card><Empty description={t('admin.selectTicket')} /></Card>}
      </Col>
    </Row>
  );
}
