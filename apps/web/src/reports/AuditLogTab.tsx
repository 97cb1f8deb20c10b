import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { DataTable } from '../ui/DataTable';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { dateTime } from '../money/format';
import { CursorPager } from '../ui/CursorPager';
import { formatNumber } from '../ui/number-format';
import { useCursorPages } from '../ui/use-cursor-pages';
import { AUDIT_ACTIONS, actionLabel } from './audit-actions';
import { AuditDetails } from './AuditDetails';
import { ExportButtons } from './ExportButtons';
import { reportKeys, reportsApi, type AuditFilter, type AuditLogEntry } from './reports-api';

const PAGE_SIZE = 20;

// What the filter can ask for: the server matches actionType exactly.
const RAW_ACTION = /^[a-z0-9_]+$/;

/** The action filter matches what the admin types against the label and the raw name alike. */
const matchesAction = (search: string, option?: { label: string; value: string }) =>
  !!option && [option.label, option.value].some((text) => text.toLowerCase().includes(search.trim().toLowerCase()));

/** Every admin action and security event of every service: who, what, target, when, details; filtered and paged by cursor. */
export function AuditLogTab() {
  const { t } = useTranslation('reports');
  const [filter, setFilter] = useState<AuditFilter>({});
  const [actionSearch, setActionSearch] = useState('');
  const pages = useCursorPages(filter);
  const cursor = pages.cursor;
  const { data, isFetching, error } = useQuery({
    queryKey: reportKeys.audit(filter, cursor),
    queryFn: () => reportsApi.auditLogs(filter, cursor, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const admins = useQuery({ queryKey: reportKeys.admins(), queryFn: reportsApi.admins });
  // Records from services other than identity carry the actor's id only: name the admin from the list.
  const names = new Map((admins.data?.items ?? []).map((admin) => [admin.id, `${admin.firstName} ${admin.lastName}`]));
  const short = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
  // The labelled actions to choose from. A raw name typed that no label matches (an action
  // newer than the list) is offered as it is, so every action stays filterable.
  const typed = actionSearch.trim();
  const offered = new Set<string>(AUDIT_ACTIONS);
  const unlisted = RAW_ACTION.test(typed) && !AUDIT_ACTIONS.some((name) => matchesAction(typed, { value: name, label: actionLabel(t, name) }));
  for (const name of [filter.action, unlisted ? typed : undefined]) if (name) offered.add(name);
  const actionOptions = [...offered].map((name) => ({ value: name, label: actionLabel(t, name) })).sort((a, b) => a.label.localeCompare(b.label));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('audit.allAdmins')}
          style={{ minWidth: 220 }}
          aria-label={t('audit.admin')}
          loading={admins.isLoading}
          value={filter.actorUserId}
          onChange={(actorUserId?: string) => setFilter({ ...filter, actorUserId })}
          options={(admins.data?.items ?? []).map((admin) => ({ value: admin.id, label: `${admin.firstName} ${admin.lastName} (${admin.email})` }))}
        />
        <Select
          allowClear
          showSearch={{ onSearch: setActionSearch, filterOption: matchesAction }}
          placeholder={t('audit.allActions')}
          aria-label={t('audit.action')}
          style={{ width: 260 }}
          popupMatchSelectWidth={false}
          value={filter.action}
          onChange={(action?: string) => setFilter({ ...filter, action })}
          options={actionOptions}
          optionRender={(option) => (
            <Space size={8}>
              {option.label}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {option.value}
              </Typography.Text>
            </Space>
          )}
        />
        <DatePicker.RangePicker
          aria-label={t('audit.dates')}
          onChange={(dates) =>
            setFilter({ ...filter, from: dates?.[0]?.format('YYYY-MM-DD') ?? undefined, to: dates?.[1]?.format('YYYY-MM-DD') ?? undefined })
          }
        />
        <ExportButtons target={{ kind: 'audit', filter }} disabled={!data || data.total === 0} />
      </Space>
      {error && <Alert type="error" showIcon title={serverMessage(error) ?? t('audit.loadFailed')} />}
      <DataTable<AuditLogEntry>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('audit.empty') }}
        columns={[
          { title: t('audit.when'), dataIndex: 'createdAt', width: 190, render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(at)}</span> },
          {
            title: t('audit.who'),
            render: (_, row) => (row.actorUserId ? (names.get(row.actorUserId) ?? row.actorEmail ?? <span title={row.actorUserId}>{short(row.actorUserId)}</span>) : (row.actorEmail ?? t('audit.system'))),
          },
          { title: t('audit.category'), dataIndex: 'category', render: (category: string) => <Tag color={category === 'security_event' ? 'red' : 'blue'}>{t(`audit.categories.${category}`, { defaultValue: category.replace('_', ' ') })}</Tag> },
          {
            title: t('audit.action'),
            dataIndex: 'actionType',
            // The label to read, the raw name (what the services write and exports hold) to search by.
            render: (action: string) => (
              <div title={action}>
                <div style={{ whiteSpace: 'nowrap' }}>{actionLabel(t, action)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {action}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('audit.target'),
            render: (_, row) =>
              row.targetType ? (
                <span title={row.targetId ?? undefined} style={{ whiteSpace: 'nowrap' }}>
                  {t(`audit.targets.${row.targetType}`, { defaultValue: row.targetType.replace(/_/g, ' ') })} {row.targetId ? short(row.targetId) : ''}
                </span>
              ) : (
                '—'
              ),
          },
          { title: t('audit.description'), dataIndex: 'description' },
          {
            title: t('audit.details'),
            dataIndex: 'metadata',
            width: 280,
            render: (metadata: AuditLogEntry['metadata']) => <AuditDetails details={metadata} />,
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} total={data?.total} limit={PAGE_SIZE}>
        {data && <Typography.Text type="secondary">{t('audit.entries', { entries: formatNumber(data.total) })}</Typography.Text>}
      </CursorPager>
    </Space>
  );
}
