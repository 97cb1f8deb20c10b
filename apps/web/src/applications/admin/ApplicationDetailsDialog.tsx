import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApplicationView } from '@portal/api-client';
import { serverMessage } from '../../api/api-error';
import { useFeedback } from '../../app/feedback';
import { applicationsApi, openDocument, type ReviewDecision } from '../applications-api';
import { StatusTag } from '../StatusTag';
import { formatAmount, formatDate, formatSize, STATUS_IN_SENTENCE, TYPE_LABELS } from '../labels';
import { applicationKeys } from '../query-keys';
import { formatDateTime } from '../../ui/date-format';
import { DecisionDialog } from '../../ui/DecisionDialog';

/** The application data fields with a label in the catalogue (`details.data`); others show their key. */
const DATA_FIELDS = new Set(['address', 'employment', 'annualIncome', 'investmentPurpose', 'countryOfOperation', 'directorsName', 'companyStructure', 'declaration', 'submittedAt']);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const NEXT: Record<string, ReviewDecision[]> = { pending: ['under_review', 'approved', 'rejected'], under_review: ['approved', 'rejected'] };
const ACTION_LABELS: Record<ReviewDecision, string> = { under_review: 'details.markUnderReview', approved: 'common.approve', rejected: 'common.reject' };

function dataValue(t: TFunction<'applications'>, key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  // The forms ask for the annual income in USD ("Annual income (USD)"), whatever the investment's currency.
  if (key === 'annualIncome' && typeof value === 'number') return formatAmount(value.toFixed(2), 'USD');
  // An instant the form recorded (GIPP's submittedAt) reads as a date and time, never as an ISO string.
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  return String(value ?? '—');
}

/** Every field of an application, its documents, and the review actions its status allows. */
export function ApplicationDetailsDialog({ application, onClose }: { application: ApplicationView | null; onClose: () => void }) {
  const { t } = useTranslation('applications');
  const [note, setNote] = useState('');
  // Approve or Reject waits for the admin's confirmation (issue 30); Mark Under Review does not decide anything.
  const [confirming, setConfirming] = useState<'approved' | 'rejected' | null>(null);
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: ({ decision, text }: { decision: ReviewDecision; text: string }) => applicationsApi.review((application as ApplicationView).id, decision, text),
    onSuccess: (updated) => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      notification.success({ title: t('messages.applicationUpdatedTitle'), description: t('messages.applicationNow', { status: STATUS_IN_SENTENCE[updated.status] ?? updated.status }) });
      setNote('');
      onClose();
    },
    onError: (error) => notification.error({ title: t('messages.reviewFailedTitle'), description: serverMessage(error) ?? t('messages.reviewFailed') }),
  });
  const open = (fileId: string) =>
    openDocument(fileId).catch((error: unknown) => notification.error({ title: t('messages.documentUnavailableTitle'), description: serverMessage(error) ?? t('messages.documentUnavailable') }));

  if (!application) return null;
  const actions = NEXT[application.status] ?? [];
  return (
    <Modal open title={t('details.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={t('details.type')}>{TYPE_LABELS[application.applicationType]}</Descriptions.Item>
        <Descriptions.Item label={t('details.status')}>
          <StatusTag status={application.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('details.applicantAccount')}>{[application.applicantName, application.applicantEmail].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.fullName')}>{application.fullName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.email')}>{application.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.phone')}>{application.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.companyName')}>{application.companyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.companyRegistration')}>{application.companyRegistration ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.investmentAmount')}>{formatAmount(application.investmentAmount, application.currency)}</Descriptions.Item>
        <Descriptions.Item label={t('details.duration')}>{application.investmentDuration ? t('common.months', { count: application.investmentDuration }) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.investmentCategory')}>{application.investmentCategory ?? '—'}</Descriptions.Item>
        {Object.entries(application.applicationData).map(([key, value]) => (
          <Descriptions.Item key={key} label={DATA_FIELDS.has(key) ? t(`details.data.${key}`) : key}>
            {dataValue(t, key, value)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('details.submitted')}>{formatDate(application.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('details.reviewNote')}>{application.reviewNote ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('details.documents')}>
          {application.documents.length === 0 ? (
            t('common.none')
          ) : (
            <Space orientation="vertical">
              {application.documents.map((document) => (
                <Button key={document.fileId} type="link" style={{ padding: 0 }} onClick={() => void open(document.fileId)}>
                  {document.name} ({formatSize(document.size)})
                </Button>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      {actions.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('details.reviewNote')}</Typography.Text>
          <Input.TextArea aria-label={t('details.reviewNote')} value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} rows={3} style={{ margin: '8px 0' }} />
          <Space>
            {actions.map((decision) => (
              <Button
                key={decision}
                type={decision === 'approved' ? 'primary' : 'default'}
                danger={decision === 'rejected'}
                loading={review.isPending && review.variables?.decision === decision}
                disabled={review.isPending}
                onClick={() => (decision === 'under_review' ? review.mutate({ decision, text: note }) : setConfirming(decision))}
              >
                {t(ACTION_LABELS[decision])}
              </Button>
            ))}
          </Space>
        </div>
      )}
      <DecisionDialog
        open={confirming !== null}
        title={t(confirming === 'rejected' ? 'decision.rejectTitle' : 'decision.approveTitle')}
        subject={{ name: application.applicantName ?? application.fullName, email: application.applicantEmail ?? application.email, amount: formatAmount(application.investmentAmount, application.currency) }}
        consequence={t(confirming === 'rejected' ? 'decision.rejectConsequence' : 'decision.approveConsequence', {
          name: application.applicantName ?? application.fullName ?? t('decision.theCustomer'),
          amount: formatAmount(application.investmentAmount, application.currency),
        })}
        confirmText={t(confirming === 'rejected' ? 'common.reject' : 'common.approve')}
        rejecting={confirming === 'rejected'}
        // The note typed in the details carries over; for a rejection it becomes the required reason.
        text={{ label: t(confirming === 'rejected' ? 'decision.reason' : 'decision.note'), initial: note }}
        loading={review.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(text) => confirming && review.mutate({ decision: confirming, text })}
      />
    </Modal>
  );
}
