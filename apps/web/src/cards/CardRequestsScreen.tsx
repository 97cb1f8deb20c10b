import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { capitalise, day } from '../money/format';
import { CardRequestDetails } from './CardRequestDetails';
import { CARD_STATUS_COLOURS, CARD_TYPE_LABELS, cardKeys, cardsApi, type CardRequestView } from './cards-api';
import { NewCardRequestDialog } from './NewCardRequestDialog';

const BENEFITS = [
  'Spend from your investment account balance',
  'Track every request from submission to delivery',
  'Cancel a request at any time while it is pending',
  'Requests are processed within 24 hours',
];

/** The customer's own requests with New Request and details (used on the card screen and the Card Orders tab). */
export function CardRequestList({ compact = false }: { compact?: boolean }) {
  const { data, isLoading, isError } = useQuery({ queryKey: cardKeys.own({ limit: 100 }), queryFn: () => cardsApi.own({ limit: 100 }) });
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = data?.items.find((item) => item.id === selectedId) ?? null;

  return (
    <Card
      title="Your Card Requests"
      extra={
        <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setCreating(true)}>
          {compact ? 'Order a Card' : 'New Request'}
        </Button>
      }
    >
      {isError && <Alert type="error" showIcon message="Failed to load your card requests." style={{ marginBottom: 16 }} />}
      <Table<CardRequestView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 600 }}
        locale={{ emptyText: <Empty description="No card requests yet" /> }}
        columns={[
          { title: 'Card', dataIndex: 'cardName' },
          { title: 'Type', dataIndex: 'cardType', render: (type: CardRequestView['cardType']) => CARD_TYPE_LABELS[type] },
          { title: 'Status', dataIndex: 'status', render: (status: CardRequestView['status']) => <Tag color={CARD_STATUS_COLOURS[status]}>{capitalise(status)}</Tag> },
          { title: 'Requested', dataIndex: 'requestDate', render: day },
          {
            title: 'Actions',
            render: (_, row) => (
              <Button size="small" onClick={() => setSelectedId(row.id)}>
                View Details
              </Button>
            ),
          },
        ]}
      />
      <NewCardRequestDialog open={creating} onClose={() => setCreating(false)} />
      <CardRequestDetails request={selected} onClose={() => setSelectedId(null)} />
    </Card>
  );
}

/** Spec 02 §2 Card Requests: real tiles, card types, benefits, security note, the request list. */
export function CardRequestsScreen() {
  const { data, isLoading } = useQuery({ queryKey: cardKeys.own({ limit: 100 }), queryFn: () => cardsApi.own({ limit: 100 }) });
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Physical Cards" value={data?.counts.physicalCards ?? 0} loading={isLoading} prefix={<CreditCardOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Virtual Cards" value={data?.counts.virtualCards ?? 0} loading={isLoading} prefix={<MobileOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="Pending Requests" value={data?.counts.pendingRequests ?? 0} loading={isLoading} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card title={<><CreditCardOutlined /> Physical Card</>} style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              <li>Delivered to your address</li>
              <li>Delivery in 5-7 business days</li>
              <li>Contactless payments</li>
            </ul>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={<><MobileOutlined /> Virtual Card</>} style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              <li>Issued instantly on approval</li>
              <li>Online payments</li>
              <li>Mobile wallet compatible</li>
            </ul>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card title="Card Benefits" style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              {BENEFITS.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card style={{ height: '100%' }}>
            <Alert
              type="success"
              showIcon
              icon={<SafetyCertificateOutlined />}
              message="Bank-level security"
              description="Your cards are protected with bank-level security. Card requests need available funds in your investment account."
              style={{ marginBottom: 16 }}
            />
            <Typography.Paragraph>Requests are processed within 24 hours.</Typography.Paragraph>
            <Button type="primary" onClick={() => setCreating(true)}>
              Start Your Request
            </Button>
          </Card>
        </Col>
      </Row>
      <CardRequestList />
      <NewCardRequestDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
