import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useId, useRef, useState } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';

export interface DecisionSubject {
  /** The customer the decision concerns, as the admin knows them. */
  name?: string | null;
  email?: string | null;
  /** The amount, formatted for reading ("$5,000.00"). */
  amount?: string | null;
}

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  subject: DecisionSubject;
  /** What happens once confirmed, in a sentence: "$5,000.00 will be credited to Jane Doe's balance." */
  consequence: string;
  confirmText: string;
  /** A rejection: the confirm button is red and a reason for the customer is required. */
  rejecting: boolean;
  /** The text field: the required reason of a rejection, or an optional note told to the customer. */
  text?: { label: string; initial?: string };
  loading: boolean;
  onConfirm: (text: string) => void;
  onCancel: () => void;
}

/**
 * Asks before a decision that moves money or settles a customer's application (issue 30):
 * who it concerns, the amount and what will happen. A rejection needs a reason, which the
 * customer reads; the server refuses one without it too. Opened, the focus goes to the
 * reason (or stays on the dialog), never to the confirm button, so Enter does not decide.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation('ui');
  // While it closes the dialog keeps showing what it asked (the caller may already have let go of it).
  const shown = useRef(props);
  if (props.open) shown.current = props;
  const { title, subject, consequence, confirmText, rejecting, text, loading, onConfirm, onCancel } = shown.current;
  const [value, setValue] = useState(text?.initial ?? '');
  // Each opening starts from the initial text (React's "adjust state when a prop changes").
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setValue(props.text?.initial ?? '');
  }
  const field = useRef<TextAreaRef>(null);
  const consequenceId = useId();
  const fieldId = useId();
  const hintId = useId();
  // Confirm stays disabled until the reason is typed; the hint beside the field says why.
  const missing = rejecting && value.trim() === '';
  const confirm = () => {
    if (!missing) onConfirm(value.trim());
  };
  return (
    <Modal
      open={props.open}
      title={title}
      okText={confirmText}
      cancelText={t('decision.cancel')}
      okButtonProps={{ danger: rejecting, disabled: missing, 'aria-describedby': consequenceId }}
      confirmLoading={loading}
      onOk={confirm}
      onCancel={onCancel}
      // The dialog takes the focus as it opens; the reason field gets it once it has. Closed, the focus goes back to the button that opened it.
      afterOpenChange={(opened) => opened && field.current?.focus()}
      destroyOnHidden
    >
      <Descriptions bordered column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('decision.customer')}>{[subject.name, subject.email].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
        {subject.amount && <Descriptions.Item label={t('decision.amount')}>{subject.amount}</Descriptions.Item>}
      </Descriptions>
      <Typography.Paragraph id={consequenceId} strong>
        {consequence}
      </Typography.Paragraph>
      {text && (
        <>
          <Typography.Text strong>
            <label htmlFor={fieldId}>{text.label}</label>
          </Typography.Text>
          <Input.TextArea
            id={fieldId}
            ref={field}
            rows={3}
            maxLength={1000}
            value={value}
            required={rejecting}
            aria-describedby={rejecting ? hintId : undefined}
            onChange={(event) => setValue(event.target.value)}
            style={{ marginTop: 8 }}
          />
          {rejecting && (
            <Typography.Text id={hintId} type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {missing ? t('decision.reasonRequired') : t('decision.reasonTold')}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
