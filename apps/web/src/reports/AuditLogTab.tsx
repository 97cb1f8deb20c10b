import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { dateTime } from '../money/format';
import { ExportButtons } from './ExportButtons';
import { reportKeys, reportsApi, type AuditFilter, type AuditLogEntry } from './reports-api';

const PAGE_SIZE = 20;

/** Every admin action and security event of every service: who, what, target, when, details; filtered and paged by cursor. */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [action, setAction] = useState('');
  // The cursors of the pages seen so far, so Previous goes back without re-reading from the start.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { data, isFetching, error } = useQuery({
    queryKey: reportKeys.audit(filter, cursor),
    queryFn: () => reportsApi.auditLogs(filter, cursor, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const admins = useQuery({ queryKey: reportKeys.admins(), queryFn: reportsApi.admins });
  const change = (next: AuditFilter) => {
    setFilter(next);
    setCursors([undefined]);
  };
  const page = cursors.length;
  // Records from services other than identity carry the actor's id only: name the admin from the list.
  const names = new Map((admins.data?.items ?? []).map((admin) => [admin.id, `${admin.firstName} ${admin.lastName}`]));
  const short = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder="All admins"
          style={{ minWidth: 220 }}
          aria-label="Admin"
          loading={admins.isLoading}
          value={filter.actorUserId}
          onChange={(actorUserId?: string) => change({ ...filter, actorUserId })}
          options={(admins.data?.items ?? []).map((admin) => ({ value: admin.id, label: `${admin.firstName} ${admin.lastName} (${admin.email})` }))}
        />
        <Input.Search
          allowClear
          placeholder="Action, e.g. user_suspended"
          aria-label="Action"
          style={{ width: 260 }}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          onSearch={(value) => change({ ...filter, action: value.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          onChange={(dates) =>
            change({ ...filter, from: dates?.[0]?.format('YYYY-MM-DD') ?? undefined, to: dates?.[1]?.format('YYYY-MM-DD') ?? undefined })
          }
        />
        <ExportButtons target={{ kind: 'audit', filter }} disabled={!data || data.total === 0} />
      </Space>
      {error && <Alert type="error" showIcon message={serverMessage(error) ?? 'The audit log could not be loaded.'} />}
      <Table<AuditLogEntry>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No audit log entries found' }}
        columns={[
          { title: 'When', dataIndex: 'createdAt', width: 190, render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(at)}</span> },
          {
            title: 'Who',
            render: (_, row) => (row.actorUserId ? (names.get(row.actorUserId) ?? row.actorEmail ?? <span title={row.actorUserId}>{short(row.actorUserId)}</span>) : (row.actorEmail ?? 'System')),
          },
          { title: 'Category', dataIndex: 'category', render: (category: string) => <Tag color={category === 'security_event' ? 'red' : 'blue'}>{category.replace('_', ' ')}</Tag> },
          { title: 'Action', dataIndex: 'actionType', render: (action: string) => <span style={{ whiteSpace: 'nowrap' }}>{action}</span> },
          {
            title: 'Target',
            render: (_, row) =>
              row.targetType ? (
                <span title={row.targetId ?? undefined} style={{ whiteSpace: 'nowrap' }}>
                  {row.targetType} {row.targetId ? short(row.targetId) : ''}
                </span>
              ) : (
                '—'
              ),
          },
          { title: 'Description', dataIndex: 'description' },
          {
            title: 'Details',
            dataIndex: 'metadata',
            render: (metadata: Record<string, unknown>) => (
              <Typography.Text code style={{ fontSize: 12 }} ellipsis={{ tooltip: JSON.stringify(metadata) }}>
                {JSON.stringify(metadata)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Space>
        <Button disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Previous
        </Button>
        <Typography.Text>
          Page {page}
          {data ? ` of ${Math.max(1, Math.ceil(data.total / PAGE_SIZE))} · ${data.total} entries` : ''}
        </Typography.Text>
        <Button disabled={!data?.nextCursor} onClick={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}>
          Next
        </Button>
      </Space>
    </Space>
  );
}
