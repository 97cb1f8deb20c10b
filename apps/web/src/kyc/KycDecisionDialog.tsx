import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { kycApi, kycKeys } from './kyc-api';

export interface KycDecisionTarget {
  userId: string;
  name: string;
  decision: 'verified' | 'rejected';
}

export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejecting KYC.';

/** User-level Approve KYC (optional notes) or Reject KYC (reason required, spec 02 §5); the server checks the same. */
export function KycDecisionDialog({ target, onClose, onDecided }: { target: KycDecisionTarget | null; onClose: () => void; onDecided?: () => void }) {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText('');
    setProblem(null);
  }, [target]);
  const decide = useMutation({
    mutationFn: (decision: KycDecisionTarget) => kycApi.decide(decision.userId, decision.decision, text.trim()),
    onSuccess: async () => {
      notification.success({ message: 'KYC status updated successfully' });
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
      onDecided?.();
      onClose();
    },
    onError: (error) => notification.error({ message: 'Update Failed', description: serverMessage(error) ?? 'Failed to update KYC status' }),
  });
  const rejecting = target?.decision === 'rejected';
  return (
    <Modal
      open={target !== null}
      title={rejecting ? 'Reject KYC' : 'Approve KYC'}
      okText={rejecting ? 'Reject KYC' : 'Approve KYC'}
      okButtonProps={{ danger: rejecting, loading: decide.isPending }}
      onCancel={onClose}
      onOk={() => {
        if (!target) return;
        if (rejecting && !text.trim()) {
          setProblem(REJECTION_REASON_REQUIRED);
          return;
        }
        decide.mutate(target);
      }}
    >
      <Typography.Paragraph>{rejecting ? `Reject the KYC verification of ${target?.name}?` : `Approve the KYC verification of ${target?.name}?`}</Typography.Paragraph>
      <Input.TextArea
        aria-label={rejecting ? 'Rejection reason' : 'Notes'}
        placeholder={rejecting ? 'Reason for rejection (required)' : 'Notes (optional)'}
        rows={3}
        maxLength={1000}
        value={text}
        status={problem ? 'error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Modal>
  );
}
