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
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useAuth } from '../auth/AuthProvider';
import { currentLanguage } from '../i18n/i18n';
import { usePublicSettings } from '../settings/use-public-settings';
import { Conversation } from './Conversation';
import { categoryText, priorityText, SupportText } from './labels';
import { FAQ, QUICK_GUIDE } from './support-content';
import type { NewTicket } from './support-api';
import { dateTime, preview, shortId, TicketStatusTag } from './TicketStatusTag';
import { TICKETS_SHOWN, useCreateTicket, useOwnTicket, useOwnTickets, useReplyToTicket } from './use-tickets';
import { useReadOnlyView } from '../customer-view/customer-view-context';

export const TICKET_CATEGORIES = ['Account Setup', 'Investing', 'Payments', 'Security', 'Technical'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** The general setting's contacts (System Settings), with the spec's wording until it is loaded. */
function useSupportContacts() {
  const { t } = useTranslation('support');
  const { data } = usePublicSettings();
  return {
    supportEmail: data?.support?.supportEmail ?? null,
    supportPhone: data?.support?.supportPhone ?? null,
    phoneHours: data?.support?.phoneHours ?? t('contacts.defaultPhoneHours'),
    liveChatUrl: data?.support?.liveChatUrl ?? null,
    liveChatHours: data?.support?.liveChatHours ?? t('contacts.defaultChatHours'),
    liveChatResponseTime: data?.support?.liveChatResponseTime ?? t('contacts.defaultChatResponse'),
    emailResponseTime: data?.support?.emailResponseTime ?? t('contacts.defaultEmailResponse'),
  };
}

/** "Within 4 hours" inside a sentence; German nouns keep their capitals. */
function inSentence(text: string): string {
  return currentLanguage() === 'de' ? text : text.toLowerCase();
}

function ContactCards({ onOpenTicket }: { onOpenTicket: () => void }) {
  const { t } = useTranslation('support');
  const contacts = useSupportContacts();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
      <Col xs={24} md={8}>
        <Card title={<Space><PhoneOutlined />{t('contacts.phone')}</Space>} extra={contacts.supportPhone ? <Tag color="green">{t('contacts.available')}</Tag> : <Tag>{t('contacts.unavailable')}</Tag>}>
          {contacts.supportPhone ? (
            <Typography.Paragraph>
              <a href={`tel:${contacts.supportPhone.replace(/[^+0-9]/g, '')}`}>{contacts.supportPhone}</a>
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">{t('contacts.phoneUnavailable')}</Typography.Paragraph>
          )}
          <Typography.Text>{t('contacts.hours', { hours: contacts.phoneHours })}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={<Space><MessageOutlined />{t('contacts.liveChat')}</Space>} extra={<Tag color="green">{contacts.liveChatHours}</Tag>}>
          {contacts.liveChatUrl ? (
            <>
              <Typography.Paragraph type="secondary">{t('contacts.averageResponse', { time: contacts.liveChatResponseTime })}</Typography.Paragraph>
              <Button href={contacts.liveChatUrl} target="_blank" rel="noopener noreferrer">{t('contacts.startChat')}</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('contacts.chatNotConnected', { time: contacts.liveChatResponseTime })}</Typography.Paragraph>
              <Button onClick={onOpenTicket}>{t('contacts.ticketInstead')}</Button>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={<Space><MailOutlined />{t('contacts.email')}</Space>} extra={<Tag color="blue">{contacts.emailResponseTime}</Tag>}>
          {contacts.supportEmail ? (
            <>
              <Typography.Paragraph type="secondary">{t('contacts.responseTime', { time: inSentence(contacts.emailResponseTime) })}</Typography.Paragraph>
              <Button href={`mailto:${contacts.supportEmail}`}>{contacts.supportEmail}</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('contacts.noMailbox', { time: inSentence(contacts.emailResponseTime) })}</Typography.Paragraph>
              <Button onClick={onOpenTicket}>{t('contacts.openTicket')}</Button>
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}

function TicketForm() {
  const { t } = useTranslation('support');
  const { user } = useAuth();
  const { notification } = useFeedback();
  const [form] = Form.useForm<NewTicket>();
  const create = useCreateTicket();

  if (!user) return <Typography.Paragraph type="warning">{t('form.logIn')}</Typography.Paragraph>;

  const submit = async () => {
    const values = form.getFieldsValue();
    const filled = (['subject', 'category', 'priority', 'message'] as const).every((field) => typeof values[field] === 'string' && values[field].trim() !== '');
    if (!filled) {
      notification.error({ title: t('common.validationError'), description: t('common.missingFields') });
      return;
    }
    try {
      await create.mutateAsync(values);
      notification.success({ title: t('form.submitted'), description: t('form.submittedDescription') });
      form.resetFields();
    } catch (error) {
      notification.error({ title: t('common.error'), description: serverMessage(error) ?? SupportText.ticketFailed });
    }
  };

  return (
    <Card title={t('form.title')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item label={t('form.subject')} name="subject" required>
          <Input maxLength={200} placeholder={t('form.subjectPlaceholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.category')} name="category" required>
              <Select placeholder={t('form.categoryPlaceholder')} options={TICKET_CATEGORIES.map((value) => ({ value, label: categoryText(value) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.priority')} name="priority" required>
              <Select placeholder={t('form.priorityPlaceholder')} options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`priorityOption.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('form.message')} name="message" required>
          <Input.TextArea rows={5} maxLength={5000} placeholder={t('form.messagePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function TicketDialog({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useOwnTicket(ticketId);
  // An admin's read-only customer view (issue 30): the conversation without the reply box.
  const readOnly = useReadOnlyView();
  const reply = useReplyToTicket(ticketId ?? '');
  const { notification } = useFeedback();
  const [text, setText] = useState('');
  const send = async () => {
    if (!text.trim()) {
      notification.error({ title: t('common.validationError'), description: t('common.responseRequired') });
      return;
    }
    try {
      await reply.mutateAsync(text.trim());
      setText('');
    } catch (error) {
      notification.error({ title: t('common.error'), description: serverMessage(error) ?? SupportText.ticketFailed });
    }
  };
  const detail = ticket.data;
  return (
    <Modal open={Boolean(ticketId)} onCancel={onClose} footer={null} title={detail ? t('ticket.title', { subject: detail.subject, id: shortId(detail.id) }) : t('ticket.fallbackTitle')} width={640}>
      {ticket.isError && <Typography.Text type="danger">{serverMessage(ticket.error) ?? t('common.ticketLoadFailed')}</Typography.Text>}
      {detail && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <TicketStatusTag status={detail.status} />
            <Tag>{categoryText(detail.category)}</Tag>
            <Tag>{priorityText(detail.priority)}</Tag>
          </Space>
          <Conversation ticket={detail} viewer="customer" />
          {readOnly ? null : detail.status === 'closed' ? (
            <Typography.Text type="secondary">{t('ticket.closed')}</Typography.Text>
          ) : (
            <>
              <Input.TextArea rows={3} value={text} onChange={(event) => setText(event.target.value)} placeholder={t('ticket.replyPlaceholder')} aria-label={t('ticket.replyLabel')} maxLength={5000} />
              <Button type="primary" onClick={send} loading={reply.isPending}>
                {t('ticket.sendReply')}
              </Button>
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}

/** The customer's tickets (newest first) and a dialog with each one's conversation; also the read-only customer view's Tickets section. */
export function TicketList() {
  const { t } = useTranslation('support');
  const tickets = useOwnTickets();
  const [open, setOpen] = useState<string | null>(null);
  const items = tickets.data?.items ?? [];
  return (
    <Card title={t('list.title')} extra={tickets.data ? <Typography.Text type="secondary">{t('list.total', { total: tickets.data.total })}</Typography.Text> : null}>
      {tickets.isError && <Typography.Text type="danger">{serverMessage(tickets.error) ?? t('list.loadFailed')}</Typography.Text>}
      {tickets.isSuccess && items.length === 0 && <Empty description={t('list.empty')} />}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('list.label')}>
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
                {ticket.adminResponse && <Typography.Text>{t('list.supportAnswer', { text: preview(ticket.adminResponse) })}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {categoryText(ticket.category)} · {priorityText(ticket.priority)} · {dateTime.format(new Date(ticket.createdAt))}
                </Typography.Text>
              </Space>
              <Button onClick={() => setOpen(ticket.id)}>{t('common.view')}</Button>
            </Space>
          </li>
        ))}
      </ul>
      <TicketDialog ticketId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function QuickGuide() {
  const { t } = useTranslation('support');
  return (
    <Card title={t('guide.title')} extra={<Space><Tag>{t('guide.steps')}</Tag><Tag>{t('guide.duration')}</Tag></Space>}>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={QUICK_GUIDE.map((step) => ({ title: t(`guide.items.${step}.title`), description: t(`guide.items.${step}.description`), status: 'wait' as const }))}
      />
    </Card>
  );
}

/** The customer's Support Center (spec 02 §2): contact cards, then Help, Tickets and the Quick Guide. */
export function SupportCenter() {
  const { t } = useTranslation('support');
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
            label: t('tabs.help'),
            children: (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {FAQ.map((group) => (
                  <Card key={group.category} title={t(`categories.${group.category}`)} size="small">
                    <Collapse
                      ghost
                      items={group.items.map((item, index) => ({
                        key: String(index),
                        label: t(`faq.${group.category}.${item}.question`),
                        children: <Typography.Paragraph>{t(`faq.${group.category}.${item}.answer`)}</Typography.Paragraph>,
                      }))}
                    />
                  </Card>
                ))}
              </Space>
            ),
          },
          {
            key: 'tickets',
            label: (
              <span>
                {/* Decorative: the icon's own label ("customer-service") would otherwise lead the tab's name. */}
                <CustomerServiceOutlined aria-hidden /> {t('tabs.tickets')}
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
          { key: 'guide', label: t('tabs.guide'), children: <QuickGuide /> },
        ]}
      />
    </>
  );
}
