import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { plainNameRule } from '../ui/name-rule';
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
  const { t } = useTranslation('cards');
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const physical = values?.cardType === 'physical';
  const complete = Boolean(values?.cardType) && filled(values?.cardName) && filled(values?.reason) && (!physical || filled(values?.deliveryAddress));

  const order = useMutation({
    mutationFn: (body: NewCardRequest) => cardsApi.create(body, submission.current(body)),
    onSuccess: (created) => {
      submission.done();
      notification.success({
        title: t('new.ordered'),
        description:
          created.cardType === 'virtual' ? t('new.virtualOrdered') : t('new.physicalOrdered'),
      });
      form.resetFields();
      onClose();
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'no_credit') {
        notification.error({
          title: t('new.failed'),
          description: (
            <>
              {t('new.noCredit')}{' '}
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => {
                  onClose();
                  navigate('/app/deposit');
                }}
              >
                {t('new.depositFunds')}
              </Button>
            </>
          ),
        });
        return;
      }
      notification.error({ title: t('new.failed'), description: serverMessage(error) ?? t('new.failedDefault') });
    },
  });

  return (
    <Modal
      open={open}
      title={t('new.title')}
      okText={t('new.submit')}
      okButtonProps={{ disabled: !complete, loading: order.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('common.processingTime')}</Typography.Paragraph>
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
        <Form.Item label={t('details.cardType')} name="cardType" rules={[{ required: true, message: t('new.typeRequired') }]}>
          <Select
            placeholder={t('new.selectType')}
            options={[
              { value: 'physical', label: t('types.physical') },
              { value: 'virtual', label: t('types.virtual') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('common.cardName')} name="cardName" rules={[{ required: true, whitespace: true, message: t('new.nameRequired') }, plainNameRule]}>
          <Input maxLength={100} placeholder={t('new.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('common.reason')} name="reason" rules={[{ required: true, whitespace: true, message: t('new.reasonRequired') }]}>
          <Input.TextArea maxLength={500} rows={3} placeholder={t('new.reasonPlaceholder')} />
        </Form.Item>
        {physical && (
          <Form.Item label={t('details.deliveryAddress')} name="deliveryAddress" rules={[{ required: true, whitespace: true, message: t('new.addressRequired') }]}>
            <Input.TextArea maxLength={500} rows={2} placeholder={t('new.addressPlaceholder')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
