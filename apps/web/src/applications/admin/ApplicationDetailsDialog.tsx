import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApplicationView } from '@portal/api-client';
import { serverMessage } from '../../api/api-error';
import { useFeedback } from '../../app/feedback';
import { applicationsApi, openDocument, type ReviewDecision } from '../applications-api';
import { StatusTag } from '../ApplicationStatusList';
import { formatDate, formatSize, formatUsd, TYPE_LABELS } from '../labels';
import { applicationKeys } from '../query-keys';

const DATA_LABELS: Record<string, string> = {
  address: 'Address',
  employment: 'Employment',
  annualIncome: 'Annual income',
  investmentPurpose: 'Investment purpose',
  countryOfOperation: 'Country of operation',
  directorsName: "Director's name",
  companyStructure: 'Company structure',
  declaration: 'Declaration accepted',
  submittedAt: 'Submitted at',
};

const NEXT: Record<string, ReviewDecision[]> = { pending: ['under_review', 'approved', 'rejected'], under_review: ['approved', 'rejected'] };
const ACTION_LABELS: Record<ReviewDecision, string> = { under_review: 'Mark Under Review', approved: 'Approve', rejected: 'Reject' };

function dataValue(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'annualIncome' && typeof value === 'number') return formatUsd(value.toFixed(2));
  return String(value ?? '—');
}

/** Every field of an application, its documents, and the review actions its status allows. */
export function ApplicationDetailsDialog({ application, onClose }: { application: ApplicationView | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: (decision: ReviewDecision) => applicationsApi.review((application as ApplicationView).id, decision, note),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      notification.success({ message: 'Application Updated', description: `The application is now ${updated.status.replace('_', ' ')}.` });
      setNote('');
      onClose();
    },
    onError: (error) => notification.error({ message: 'Review Failed', description: serverMessage(error) ?? 'The decision could not be saved. Please try again.' }),
  });
  const open = (fileId: string) =>
    openDocument(fileId).catch((error: unknown) => notification.error({ message: 'Document Unavailable', description: serverMessage(error) ?? 'The document could not be opened.' }));

  if (!application) return null;
  const actions = NEXT[application.status] ?? [];
  return (
    <Modal open title="Application Details" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label="Type">{TYPE_LABELS[application.applicationType]}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <StatusTag status={application.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Applicant account">{[application.applicantName, application.applicantEmail].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
        <Descriptions.Item label="Full name">{application.fullName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">{application.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Phone">{application.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Company name">{application.companyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Company registration">{application.companyRegistration ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Investment amount">{formatUsd(application.investmentAmount)}</Descriptions.Item>
        <Descriptions.Item label="Duration">{application.investmentDuration ? `${application.investmentDuration} months` : '—'}</Descriptions.Item>
        <Descriptions.Item label="Investment category">{application.investmentCategory ?? '—'}</Descriptions.Item>
        {Object.entries(application.applicationData).map(([key, value]) => (
          <Descriptions.Item key={key} label={DATA_LABELS[key] ?? key}>
            {dataValue(key, value)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Submitted">{formatDate(application.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label="Review note">{application.reviewNote ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Documents">
          {application.documents.length === 0 ? (
            'None'
          ) : (
            <Space direction="vertical">
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
          <Typography.Text strong>Review note</Typography.Text>
          <Input.TextArea aria-label="Review note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} rows={3} style={{ margin: '8px 0' }} />
          <Space>
            {actions.map((decision) => (
              <Button
                key={decision}
                type={decision === 'approved' ? 'primary' : 'default'}
                danger={decision === 'rejected'}
                loading={review.isPending && review.variables === decision}
                disabled={review.isPending}
                onClick={() => review.mutate(decision)}
              >
                {ACTION_LABELS[decision]}
              </Button>
            ))}
          </Space>
        </div>
      )}
    </Modal>
  );
}
