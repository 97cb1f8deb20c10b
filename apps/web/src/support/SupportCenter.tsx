import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useAuth } from '../auth/AuthProvider';
import { usePublicSettings } from '../settings/use-public-settings';
import { Conversation } from './Conversation';
import { FAQ, QUICK_GUIDE } from './support-content';
import type { NewTicket } from './support-api';
import { dateTime, preview, shortId, TicketStatusTag } from './TicketStatusTag';
import { TICKETS_SHOWN, useCreateTicket, useOwnTicket, useOwnTickets, useReplyToTicket } from './use-tickets';

export const TICKET_CATEGORIES = ['Account Setup', 'Investing', 'Payments', 'Security', 'Technical'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/** Spec 02 §8. */
export const TICKET_FAILED = 'Error: Failed to create, update or delete support ticket. Please try again.';

/** The general setting's contacts (System Settings), with the spec's wording until it is loaded. */
function useSupportContacts() {
  const { data } = usePublicSettings();
  return {
    supportEmail: data?.support?.supportEmail ?? null,
    supportPhone: data?.support?.supportPhone ?? null,
    phoneHours: data?.support?.phoneHours ?? 'Mon–Fri 9AM–5PM SGT',
    liveChatUrl: data?.support?.liveChatUrl ?? null,
    liveChatHours: data?.support?.liveChatHours ?? '24/7',
    liveChatResponseTime: data?.support?.liveChatResponseTime ?? '2 minutes',
    emailResponseTime: data?.support?.emailResponseTime ?? 'Within 4 hours',
  };
}

function ContactCards({ onOpenTicket }: { onOpenTicket: () => void }) {
  const contacts = useSupportContacts();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
      <Col xs={24} md={8}>
        <Card title={<Space><PhoneOutlined />Phone Support</Space>} extra={contacts.supportPhone ? <Tag color="green">Available</Tag> : <Tag>Unavailable</Tag>}>
          {contacts.supportPhone ? (
            <Typography.Paragraph>
              <a href={`tel:${contacts.supportPhone.replace(/[^+0-9]/g, '')}`}>{contacts.supportPhone}</a>
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">Phone support is currently unavailable.</Typography.Paragraph>
          )}
          <Typography.Text>Hours: {contacts.phoneHours}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={<Space><MessageOutlined />Live Chat</Space>} extra={<Tag color="green">{contacts.liveChatHours}</Tag>}>
          {contacts.liveChatUrl ? (
            <>
              <Typography.Paragraph type="secondary">Average response: {contacts.liveChatResponseTime}.</Typography.Paragraph>
              <Button href={contacts.liveChatUrl} target="_blank" rel="noopener noreferrer">Start Live Chat</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary">Average response: {contacts.liveChatResponseTime}. Live chat is not connected to this portal yet; a ticket reaches the same team and you are notified as soon as they answer.</Typography.Paragraph>
              <Button onClick={onOpenTicket}>Open a ticket instead</Button>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={<Space><MailOutlined />Email Support</Space>} extra={<Tag color="blue">{contacts.emailResponseTime}</Tag>}>
          {contacts.supportEmail ? (
            <>
              <Typography.Paragraph type="secondary">Response time: {contacts.emailResponseTime.toLowerCase()}.</Typography.Paragraph>
              <Button href={`mailto:${contacts.supportEmail}`}>{contacts.supportEmail}</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary">Response time: {contacts.emailResponseTime.toLowerCase()}. No support mailbox is configured for this portal yet, so please open a ticket: answers also arrive by email.</Typography.Paragraph>
              <Button onClick={onOpenTicket}>Open a ticket</Button>
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}

function TicketForm() {
  const { user } = useAuth();
  const { notification } = useFeedback();
  const [form] = Form.useForm<NewTicket>();
  const create = useCreateTicket();

  if (!user) return <Typography.Paragraph type="warning">Please log in to submit a support ticket.</Typography.Paragraph>;

  const submit = async () => {
    const values = form.getFieldsValue();
    const filled = (['subject', 'category', 'priority', 'message'] as const).every((field) => typeof values[field] === 'string' && values[field].trim() !== '');
    if (!filled) {
      notification.error({ title: 'Validation Error', description: 'Please fill in all required fields.' });
      return;
    }
    try {
      await create.mutateAsync(values);
      notification.success({ title: 'Ticket Submitted', description: 'Our support team will get back to you soon.' });
      form.resetFields();
    } catch (error) {
      notification.error({ title: 'Error', description: serverMessage(error) ?? TICKET_FAILED });
    }
  };

  return (
    <Card title="Submit a Support Ticket">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item label="Subject" name="subject" required>
          <Input maxLength={200} placeholder="Brief description of your issue" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Category" name="category" required>
              <Select placeholder="Select a category" options={TICKET_CATEGORIES.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Priority" name="priority" required>
              <Select placeholder="Select a priority" options={TICKET_PRIORITIES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Message" name="message" required>
          <Input.TextArea rows={5} maxLength={5000} placeholder="Describe your issue in detail" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Submit Ticket
        </Button>
      </Form>
    </Card>
  );
}

function TicketDialog({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const ticket = useOwnTicket(ticketId);
  const reply = useReplyToTicket(ticketId ?? '');
  const { notification } = useFeedback();
  const [text, setText] = useState('');
  const send = async () => {
    if (!text.trim()) {
      notification.error({ title: 'Validation Error', description: 'Please enter a response message.' });
      return;
    }
    try {
      await reply.mutateAsync(text.trim());
      setText('');
    } catch (error) {
      notification.error({ title: 'Error', description: serverMessage(error) ?? TICKET_FAILED });
    }
  };
  const detail = ticket.data;
  return (
    <Modal open={Boolean(ticketId)} onCancel={onClose} footer={null} title={detail ? `${detail.subject} (#${shortId(detail.id)})` : 'Ticket'} width={640}>
      {ticket.isError && <Typography.Text type="danger">{serverMessage(ticket.error) ?? 'The ticket could not be loaded.'}</Typography.Text>}
      {detail && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <TicketStatusTag status={detail.status} />
            <Tag>{detail.category}</Tag>
            <Tag>{detail.priority}</Tag>
          </Space>
          <Conversation ticket={detail} viewer="customer" />
          {detail.status === 'closed' ? (
            <Typography.Text type="secondary">This ticket is closed. Please open a new ticket.</Typography.Text>
          ) : (
            <>
              <Input.TextArea rows={3} value={text} onChange={(event) => setText(event.target.value)} placeholder="Write a reply" aria-label="Your reply" maxLength={5000} />
              <Button type="primary" onClick={send} loading={reply.isPending}>
                Send Reply
              </Button>
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}

function TicketList() {
  const tickets = useOwnTickets();
  const [open, setOpen] = useState<string | null>(null);
  const items = tickets.data?.items ?? [];
  return (
    <Card title="Your Support Tickets" extra={tickets.data ? <Typography.Text type="secondary">{tickets.data.total} in total</Typography.Text> : null}>
      {tickets.isError && <Typography.Text type="danger">{serverMessage(tickets.error) ?? 'Your tickets could not be loaded. Please try again.'}</Typography.Text>}
      {tickets.isSuccess && items.length === 0 && <Empty description="No support tickets yet" />}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your tickets">
        {items.slice(0, TICKETS_SHOWN).map((ticket) => (
          <li key={ticket.id} data-testid="ticket-row" style={{ borderBottom: '1px solid #f0f0f0', padding: '12px 0' }}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Space orientation="vertical" size={2}>
                <Space wrap>
                  <Typography.Text strong>{ticket.subject}</Typography.Text>
                  <TicketStatusTag status={ticket.status} />
                  <Typography.Text type="secondary">#{shortId(ticket.id)}</Typography.Text>
                </Space>
                <Typography.Text type="secondary">{preview(ticket.message)}</Typography.Text>
                {ticket.adminResponse && <Typography.Text>Support: {preview(ticket.adminResponse)}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ticket.category} · {ticket.priority} · {dateTime.format(new Date(ticket.createdAt))}
                </Typography.Text>
              </Space>
              <Button onClick={() => setOpen(ticket.id)}>View</Button>
            </Space>
          </li>
        ))}
      </ul>
      <TicketDialog ticketId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function QuickGuide() {
  return (
    <Card title="Quick Guide" extra={<Space><Tag>8 steps</Tag><Tag>About 10 minutes</Tag></Space>}>
      <Steps orientation="vertical" size="small" current={-1} items={QUICK_GUIDE.map((step) => ({ title: step.title, description: step.description, status: 'wait' as const }))} />
    </Card>
  );
}

/** The customer's Support Center (spec 02 §2): contact cards, then Help, Tickets and the Quick Guide. */
export function SupportCenter() {
  const [tab, setTab] = useState('help');
  return (
    <>
      <ContactCards onOpenTicket={() => setTab('tickets')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'help',
            label: 'Help & FAQ',
            children: (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {FAQ.map((group) => (
                  <Card key={group.category} title={group.category} size="small">
                    <Collapse ghost items={group.items.map((item, index) => ({ key: String(index), label: item.question, children: <Typography.Paragraph>{item.answer}</Typography.Paragraph> }))} />
                  </Card>
                ))}
              </Space>
            ),
          },
          {
            key: 'tickets',
            label: (
              <span>
                <CustomerServiceOutlined /> Support Tickets
              </span>
            ),
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={10}>
                  <TicketForm />
                </Col>
                <Col xs={24} lg={14}>
                  <TicketList />
                </Col>
              </Row>
            ),
          },
          { key: 'guide', label: 'Quick Guide', children: <QuickGuide /> },
        ]}
      />
    </>
  );
}
