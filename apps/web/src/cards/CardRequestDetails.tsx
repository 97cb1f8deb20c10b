import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { capitalise, dateTime, day } from '../money/format';
import { CARD_STATUS_COLOURS, CARD_TYPE_LABELS, cardKeys, cardsApi, type CardRequestView } from './cards-api';

const STEP_TEXT: Record<CardRequestView['status'], string> = {
  pending: 'Request submitted, awaiting review',
  approved: 'Request approved',
  rejected: 'Request rejected',
  delivered: 'Card delivered',
  cancelled: 'Request cancelled by the customer',
};

const STEP_COLOUR: Record<CardRequestView['status'], string> = { pending: 'blue', approved: 'green', delivered: 'green', rejected: 'red', cancelled: 'gray' };

/** The request's real status history, oldest first (spec 02 §2 request timeline). */
export function CardTimeline({ request }: { request: CardRequestView }) {
  return (
    <Timeline
      items={request.history.map((entry) => ({
        color: STEP_COLOUR[entry.status],
        children: (
          <>
            <Typography.Text strong>{STEP_TEXT[entry.status]}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{dateTime(entry.at)}</Typography.Text>
            {entry.note && (
              <>
                <br />
                <Typography.Text>{entry.status === 'delivered' ? `Tracking number: ${entry.note}` : entry.note}</Typography.Text>
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
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => cardsApi.cancel(id),
    onSuccess: () => {
      notification.success({ message: 'Card Request Cancelled', description: 'Your card request has been cancelled.' });
      onClose();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => notification.error({ message: 'Cancellation Failed', description: serverMessage(error) ?? 'Failed to cancel your card request. Please try again.' }),
  });

  return (
    <Modal
      open={request !== null}
      title="Card Request Details"
      onCancel={onClose}
      footer={
        request?.status === 'pending' && !admin ? (
          <Popconfirm
            title="Cancel this card request?"
            description="This cannot be undone."
            okText="Yes, cancel it"
            cancelText="Keep it"
            onConfirm={() => cancel.mutate(request.id)}
          >
            <Button danger loading={cancel.isPending}>
              Cancel Request
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {request && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Card Type">{CARD_TYPE_LABELS[request.cardType]}</Descriptions.Item>
            <Descriptions.Item label="Card Name">{request.cardName}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={CARD_STATUS_COLOURS[request.status]}>{capitalise(request.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Request Date">{day(request.requestDate)}</Descriptions.Item>
            <Descriptions.Item label="Reason">{request.reason}</Descriptions.Item>
            {request.cardType === 'physical' && (
              <>
                <Descriptions.Item label="Delivery Address">{request.deliveryAddress}</Descriptions.Item>
                {request.estimatedDelivery && request.status !== 'rejected' && request.status !== 'cancelled' && (
                  <Descriptions.Item label="Estimated Delivery">{day(request.estimatedDelivery)}</Descriptions.Item>
                )}
                {request.trackingNumber && <Descriptions.Item label="Tracking Number">{request.trackingNumber}</Descriptions.Item>}
              </>
            )}
          </Descriptions>
          {request.rejectionReason && <Alert type="error" showIcon message="Rejection Reason" description={request.rejectionReason} style={{ marginBottom: 16 }} />}
          <Typography.Title level={5}>Request Timeline</Typography.Title>
          <CardTimeline request={request} />
        </>
      )}
    </Modal>
  );
}
