import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import { StatFigure } from '../ui/StatFigure';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { day } from '../money/format';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { useActionsColumn } from '../ui/table-actions';
import { CardRequestDetails } from './CardRequestDetails';
import { CARD_STATUS_COLOURS, cardKeys, cardsApi, type CardRequestView } from './cards-api';
import { cardStatusText, cardTypeText } from './labels';
import { NewCardRequestDialog } from './NewCardRequestDialog';

const BENEFITS = ['spend', 'track', 'cancel', 'fast'] as const;

/** The customer's own requests with New Request and details (used on the card screen and the Card Orders tab). */
export function CardRequestList({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('cards');
  const { data, isLoading, isError } = useQuery({ queryKey: cardKeys.own({ limit: 100 }), queryFn: () => cardsApi.own({ limit: 100 }) });
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const actionsColumn = useActionsColumn();
  const selected = data?.items.find((item) => item.id === selectedId) ?? null;

  return (
    <Card
      title={t('list.title')}
      extra={
        <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setCreating(true)}>
          {compact ? t('list.orderCard') : t('list.newRequest')}
        </Button>
      }
    >
      {isError && <Alert type="error" showIcon title={t('list.loadFailed')} style={{ marginBottom: 16 }} />}
      <ResponsiveTable<CardRequestView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 700 }}
        locale={{ emptyText: <Empty description={t('list.empty')} /> }}
        columns={[
          { title: t('list.card'), dataIndex: 'cardName' },
          { title: t('common.type'), dataIndex: 'cardType', render: (type: CardRequestView['cardType']) => cardTypeText(type) },
          { title: t('common.status'), dataIndex: 'status', render: (status: CardRequestView['status']) => <Tag color={CARD_STATUS_COLOURS[status]}>{cardStatusText(status)}</Tag> },
          { title: t('common.requested'), dataIndex: 'requestDate', render: day },
          actionsColumn({
            title: t('common.actions'),
            width: 140,
            render: (_, row) => (
              <Button size="small" onClick={() => setSelectedId(row.id)}>
                {t('list.viewDetails')}
              </Button>
            ),
          }),
        ]}
      />
      <NewCardRequestDialog open={creating} onClose={() => setCreating(false)} />
      <CardRequestDetails request={selected} onClose={() => setSelectedId(null)} />
    </Card>
  );
}

/** Spec 02 §2 Card Requests: real tiles, card types, benefits, security note, the request list. */
export function CardRequestsScreen() {
  const { t } = useTranslation('cards');
  const { data, isLoading } = useQuery({ queryKey: cardKeys.own({ limit: 100 }), queryFn: () => cardsApi.own({ limit: 100 }) });
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <StatFigure title={t('screen.physicalCards')} value={data?.counts.physicalCards ?? 0} loading={isLoading} prefix={<CreditCardOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <StatFigure title={t('screen.virtualCards')} value={data?.counts.virtualCards ?? 0} loading={isLoading} prefix={<MobileOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <StatFigure title={t('common.pendingRequests')} value={data?.counts.pendingRequests ?? 0} loading={isLoading} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card title={<><CreditCardOutlined /> {t('types.physical')}</>} style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              <li>{t('screen.physical.address')}</li>
              <li>{t('screen.physical.delivery')}</li>
              <li>{t('screen.physical.contactless')}</li>
            </ul>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={<><MobileOutlined /> {t('types.virtual')}</>} style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              <li>{t('screen.virtual.instant')}</li>
              <li>{t('screen.virtual.online')}</li>
              <li>{t('screen.virtual.wallet')}</li>
            </ul>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card title={t('screen.benefitsTitle')} style={{ height: '100%' }}>
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              {BENEFITS.map((benefit) => (
                <li key={benefit}>{t(`screen.benefits.${benefit}`)}</li>
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
              title={t('screen.securityTitle')}
              description={t('screen.securityDescription')}
              style={{ marginBottom: 16 }}
            />
            <Typography.Paragraph>{t('common.processingTime')}</Typography.Paragraph>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('screen.start')}
            </Button>
          </Card>
        </Col>
      </Row>
      <CardRequestList />
      <NewCardRequestDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
