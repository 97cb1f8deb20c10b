import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@portal/api-client';
import { useReadOnlyView } from '../customer-view/customer-view-context';
import { formatAmount, formatDate, TYPE_LABELS } from './labels';
import { StatusTag } from './StatusTag';
import { useOwnApplications } from './use-own-applications';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { useActionsColumn } from '../ui/table-actions';

/**
 * The customer's own applications, drafts first to continue, with spec 02 §4 status colours.
 * In an admin's read-only customer view (issue 30) the same list without its actions.
 */
export function ApplicationStatusList({ onContinueDraft }: { onContinueDraft?: (draft: ApplicationView) => void }) {
  const { t } = useTranslation('applications');
  const { data, isLoading, isError, refetch } = useOwnApplications();
  const actionsColumn = useActionsColumn();
  const readOnly = useReadOnlyView() || !onContinueDraft;
  if (isError) {
    return (
      <Empty description={t('statusList.loadFailed')}>
        <Button onClick={() => void refetch()}>{t('common.tryAgain')}</Button>
      </Empty>
    );
  }
  return (
    <ResponsiveTable<ApplicationView>
      rowKey="id"
      loading={isLoading}
      dataSource={data?.items ?? []}
      locale={{ emptyText: t('statusList.empty') }}
      pagination={false}
      scroll={{ x: 1000 }}
      columns={[
        { title: t('statusList.type'), dataIndex: 'applicationType', render: (type: ApplicationView['applicationType']) => TYPE_LABELS[type] },
        { title: t('statusList.applicant'), render: (_, row) => row.companyName ?? row.fullName ?? '—' },
        { title: t('statusList.amount'), dataIndex: 'investmentAmount', render: (amount: string | null, row) => formatAmount(amount, row.currency) },
        { title: t('statusList.duration'), dataIndex: 'investmentDuration', render: (months: number | null) => (months ? t('common.months', { count: months }) : '—') },
        { title: t('statusList.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: t('statusList.submitted'), render: (_, row) => formatDate(row.submittedAt ?? row.createdAt) },
        { title: t('statusList.reviewNote'), dataIndex: 'reviewNote', render: (note: string | null) => (note ? <Typography.Text>{note}</Typography.Text> : '—') },
        ...(readOnly
          ? []
          : [
              actionsColumn<ApplicationView>({
                title: t('common.actions'),
                width: 170,
                render: (_: unknown, row: ApplicationView) =>
                  row.status === 'draft' ? (
                    <Button size="small" onClick={() => onContinueDraft?.(row)}>
                      {t('statusList.continueDraft')}
                    </Button>
                  ) : null,
              }),
            ]),
      ]}
    />
  );
}
