import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { kycApi, kycKeys } from './kyc-api';
import { KycText } from './labels';

export interface KycDecisionTarget {
  userId: string;
  name: string;
  decision: 'verified' | 'rejected';
}

/** User-level Approve KYC (optional notes) or Reject KYC (reason required, spec 02 §5); the server checks the same. */
export function KycDecisionDialog({ target, onClose, onDecided }: { target: KycDecisionTarget | null; onClose: () => void; onDecided?: () => void }) {
  const { t } = useTranslation('kyc');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Cleared once the dialog has closed, not when it opens: an effect on opening could run
  // after a quick first click on Reject and wipe the "reason required" message it set.
  const clear = () => {
    setText('');
    setProblem(null);
  };
  const decide = useMutation({
    mutationFn: (decision: KycDecisionTarget) => kycApi.decide(decision.userId, decision.decision, text.trim()),
    onSuccess: async () => {
      notification.success({ title: t('decision.updated') });
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
      onDecided?.();
      onClose();
    },
    onError: (error) => notification.error({ title: t('decision.updateFailedTitle'), description: serverMessage(error) ?? t('decision.updateFailed') }),
  });
  const rejecting = target?.decision === 'rejected';
  return (
    <Modal
      open={target !== null}
      title={rejecting ? t('decision.reject') : t('decision.approve')}
      okText={rejecting ? t('decision.reject') : t('decision.approve')}
      okButtonProps={{ danger: rejecting, loading: decide.isPending }}
      onCancel={onClose}
      afterClose={clear}
      onOk={() => {
        if (!target) return;
        if (rejecting && !text.trim()) {
          setProblem(KycText.rejectionReasonRequired);
          return;
        }
        decide.mutate(target);
      }}
    >
      <Typography.Paragraph>{rejecting ? t('decision.rejectQuestion', { name: target?.name }) : t('decision.approveQuestion', { name: target?.name })}</Typography.Paragraph>
      <Input.TextArea
        aria-label={rejecting ? t('decision.rejectionReason') : t('decision.notes')}
        placeholder={rejecting ? t('decision.rejectionPlaceholder') : t('decision.notesPlaceholder')}
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
