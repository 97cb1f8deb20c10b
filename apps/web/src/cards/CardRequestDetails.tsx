import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { dateTime, day } from '../money/format';
import { CARD_STATUS_COLOURS, cardKeys, cardsApi, type CardRequestView } from './cards-api';
import { cardStatusText, cardTypeText, requestText } from './labels';

const STEP_COLOUR: Record<CardRequestView['status'], string> = { pending: 'blue', approved: 'green', delivered: 'green', rejected: 'red', cancelled: 'gray' };

/** The request's real status history, oldest first (spec 02 §2 request timeline). */
export function CardTimeline({ request }: { request: CardRequestView }) {
  const { t } = useTranslation('cards');
  return (
    <Timeline
      items={request.history.map((entry) => ({
        color: STEP_COLOUR[entry.status],
        children: (
          <>
            <Typography.Text strong>{t(`details.steps.${entry.status}`)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{dateTime(entry.at)}</Typography.Text>
            {entry.note && (
              <>
                <br />
                <Typography.Text>{entry.status === 'delivered' ? t('details.trackingLine', { number: entry.note }) : entry.note}</Typography.Text>
              </>
            )}
          </>
        ),
      }))}
    />
  );
}

/** Details dialog: delivery information, timeline, rejection reason; a pending request can be cancelled after confirmation. */
export function CardRequestDetails({ request, onClose, admin = false }: { request: CardRequestView | null; onClose: () => void; admin?: boolean }) {
  const { t } = useTranslation('cards');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => cardsApi.cancel(id),
    onSuccess: () => {
      notification.success({ title: t('details.cancelled'), description: t('details.cancelledDescription') });
      onClose();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => {
      notification.error({ title: t('details.cancelFailed'), description: serverMessage(error) ?? t('details.cancelFailedDefault') });
      // Decided meanwhile by an admin: the dialog and the list show the request as it is now.
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });

  return (
    <Modal
      open={request !== null}
      title={t('details.title')}
      onCancel={onClose}
      footer={
        request?.status === 'pending' && !admin ? (
          <Popconfirm
            title={t('details.confirmCancel')}
            description={t('details.cannotUndo')}
            okText={t('details.confirmYes')}
            cancelText={t('details.confirmNo')}
            onConfirm={() => cancel.mutate(request.id)}
          >
            <Button danger loading={cancel.isPending}>
              {t('details.cancelRequest')}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {request && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('details.cardType')}>{cardTypeText(request.cardType)}</Descriptions.Item>
            <Descriptions.Item label={t('common.cardName')}>{requestText(request.cardName)}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <Tag color={CARD_STATUS_COLOURS[request.status]}>{cardStatusText(request.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('details.requestDate')}>{day(request.requestDate)}</Descriptions.Item>
            <Descriptions.Item label={t('common.reason')}>{requestText(request.reason)}</Descriptions.Item>
            {request.cardType === 'physical' && (
              <>
                <Descriptions.Item label={t('details.deliveryAddress')}>{request.deliveryAddress == null ? null : requestText(request.deliveryAddress)}</Descriptions.Item>
                {request.estimatedDelivery && request.status !== 'rejected' && request.status !== 'cancelled' && (
                  <Descriptions.Item label={t('details.estimatedDelivery')}>{day(request.estimatedDelivery)}</Descriptions.Item>
                )}
                {request.trackingNumber && <Descriptions.Item label={t('common.trackingNumber')}>{request.trackingNumber}</Descriptions.Item>}
              </>
            )}
          </Descriptions>
          {request.rejectionReason && <Alert type="error" showIcon title={t('details.rejectionReason')} description={request.rejectionReason} style={{ marginBottom: 16 }} />}
          <Typography.Title level={5}>{t('details.timeline')}</Typography.Title>
          <CardTimeline request={request} />
        </>
      )}
    </Modal>
  );
}
