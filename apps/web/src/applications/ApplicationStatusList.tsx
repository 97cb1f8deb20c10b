import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import type { ApplicationView } from '@portal/api-client';
import { applicationsApi } from './applications-api';
import { formatDate, formatUsd, STATUS_LABELS, statusColor, TYPE_LABELS } from './labels';
import { applicationKeys } from './query-keys';

export function StatusTag({ status }: { status: string }) {
  return <Tag color={statusColor(status)}>{STATUS_LABELS[status] ?? status}</Tag>;
}

/** The customer's own applications, drafts first to continue, with spec 02 §4 status colours. */
export function ApplicationStatusList({ onContinueDraft }: { onContinueDraft: (draft: ApplicationView) => void }) {
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: applicationKeys.own(), queryFn: applicationsApi.listOwn });
  if (isError) {
    return (
      <Empty description="Your applications could not be loaded.">
        <Button onClick={() => void refetch()}>Try Again</Button>
      </Empty>
    );
  }
  return (
    <Table<ApplicationView>
      rowKey="id"
      loading={isLoading}
      dataSource={data?.items ?? []}
      locale={{ emptyText: 'You have not applied for an investment yet.' }}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: 'Type', dataIndex: 'applicationType', render: (type: ApplicationView['applicationType']) => TYPE_LABELS[type] },
        { title: 'Applicant / Company', render: (_, row) => row.companyName ?? row.fullName ?? '—' },
        { title: 'Amount', dataIndex: 'investmentAmount', render: (amount: string | null) => formatUsd(amount) },
        { title: 'Duration', dataIndex: 'investmentDuration', render: (months: number | null) => (months ? `${months} months` : '—') },
        { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: 'Submitted', render: (_, row) => formatDate(row.submittedAt ?? row.createdAt) },
        { title: 'Review note', dataIndex: 'reviewNote', render: (note: string | null) => (note ? <Typography.Text>{note}</Typography.Text> : '—') },
        {
          title: 'Actions',
          render: (_, row) =>
            row.status === 'draft' ? (
              <Button size="small" onClick={() => onContinueDraft(row)}>
                Continue draft
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
