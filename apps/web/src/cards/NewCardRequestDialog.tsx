import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useSubmissionKey } from '../money/use-money';
import { cardKeys, cardsApi, type NewCardRequest } from './cards-api';

interface Values {
  cardType?: NewCardRequest['cardType'];
  cardName?: string;
  reason?: string;
  deliveryAddress?: string;
}

const filled = (text: string | undefined) => Boolean(text && text.trim());

/** Spec 02 §2/§5: card type, card name and reason (and the delivery address of a physical card) before Submit is enabled. */
export function NewCardRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const physical = values?.cardType === 'physical';
  const complete = Boolean(values?.cardType) && filled(values?.cardName) && filled(values?.reason) && (!physical || filled(values?.deliveryAddress));

  const order = useMutation({
    mutationFn: (body: NewCardRequest) => cardsApi.create(body, submission.current()),
    onSuccess: (created) => {
      submission.done();
      notification.success({
        message: 'Card Ordered Successfully',
        description:
          created.cardType === 'virtual'
            ? 'Your virtual card request has been received. You will be notified as soon as your card is ready.'
            : 'Your physical card request has been received. You will receive a delivery confirmation once it is on its way.',
      });
      form.resetFields();
      onClose();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'no_credit') {
        notification.error({
          message: 'Card Order Failed',
          description: (
            <>
              Your investment account has no credit. Please deposit funds before ordering a card.{' '}
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => {
                  onClose();
                  navigate('/app/deposit');
                }}
              >
                Deposit Funds
              </Button>
            </>
          ),
        });
        return;
      }
      notification.error({ message: 'Card Order Failed', description: serverMessage(error) ?? 'There was an error ordering your card. Please try again.' });
    },
  });

  return (
    <Modal
      open={open}
      title="New Card Request"
      okText="Submit Request"
      okButtonProps={{ disabled: !complete, loading: order.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">Requests are processed within 24 hours.</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="new-card-request"
        disabled={order.isPending}
        onFinish={(submitted) =>
          order.mutate({
            cardType: submitted.cardType as NewCardRequest['cardType'],
            cardName: (submitted.cardName ?? '').trim(),
            reason: (submitted.reason ?? '').trim(),
            ...(submitted.cardType === 'physical' ? { deliveryAddress: (submitted.deliveryAddress ?? '').trim() } : {}),
          })
        }
      >
        <Form.Item label="Card Type" name="cardType" rules={[{ required: true, message: 'Please select a card type.' }]}>
          <Select
            placeholder="Select a card type"
            options={[
              { value: 'physical', label: 'Physical Card' },
              { value: 'virtual', label: 'Virtual Card' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Card Name" name="cardName" rules={[{ required: true, whitespace: true, message: 'Please enter the name for the card.' }]}>
          <Input maxLength={100} placeholder="Name printed on the card" />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'Please tell us why you need the card.' }]}>
          <Input.TextArea maxLength={500} rows={3} placeholder="What will you use the card for?" />
        </Form.Item>
        {physical && (
          <Form.Item label="Delivery Address" name="deliveryAddress" rules={[{ required: true, whitespace: true, message: 'Please enter the delivery address for your physical card.' }]}>
            <Input.TextArea maxLength={500} rows={2} placeholder="Street, city, postal code, country" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
