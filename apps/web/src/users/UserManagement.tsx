import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { DataTable } from '../ui/DataTable';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@portal/api-client';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { formatDate } from '../applications/labels';
import { useAuth } from '../auth/AuthProvider';
import { KycDecisionDialog, type KycDecisionTarget } from '../kyc/KycDecisionDialog';
import { UserSessionsDialog, type SessionsOwner } from '../sessions/UserSessionsDialog';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { CursorPager } from '../ui/CursorPager';
import { useActionsColumn } from '../ui/table-actions';
import { useCursorPages } from '../ui/use-cursor-pages';
import { ChangeAdminRoleDialog } from './ChangeAdminRoleDialog';
import { CreateAdminDialog } from './CreateAdminDialog';
import { userKeys, usersApi, type UserFilter } from './users-api';

const STATUS_COLORS: Record<string, string> = { active: 'green', suspended: 'red', pending: 'gold', verified: 'green', rejected: 'red' };
const PAGE_SIZE = 20;
const fullName = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Spec 02 "User and Admin Management": server-side search and filters, paged list with counts, row actions, Create Admin. */
export function UserManagement() {
  const { t } = useTranslation(['users', 'sessions']);
  const actionsColumn = useActionsColumn();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>({});
  const pages = useCursorPages(filter);
  const pageQuery = { ...filter, cursor: pages.cursor, limit: PAGE_SIZE };
  const [deciding, setDeciding] = useState<KycDecisionTarget | null>(null);
  const [creating, setCreating] = useState(false);
  const [changingRole, setChangingRole] = useState<AdminUserRow | null>(null);
  const [viewingSessions, setViewingSessions] = useState<SessionsOwner | null>(null);
  const { user: me } = useAuth();
  const can = useAdminPermissions();
  // 'all' is the super admins' alone: they create, re-role and manage administrators and delete accounts.
  const isSuperAdmin = can('all');
  const query = useQuery({ queryKey: userKeys.list(pageQuery), queryFn: () => usersApi.list(pageQuery), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const statusChange = useMutation({
    mutationFn: ({ user, to }: { user: AdminUserRow; to: 'suspended' | 'active' }) => (to === 'suspended' ? usersApi.suspend(user.id) : usersApi.activate(user.id)),
    onSuccess: async () => {
      notification.success({ title: t('messages.statusUpdated') });
      await refresh();
    },
    onError: (error) => notification.error({ title: t('messages.statusFailed'), description: serverMessage(error) ?? undefined }),
  });
  const removal = useMutation({
    mutationFn: (user: AdminUserRow) => usersApi.remove(user.id),
    onSuccess: async () => {
      notification.success({ title: t('messages.deleted') });
      await refresh();
    },
    onError: (error) => notification.error({ title: t('messages.deleteFailed'), description: serverMessage(error) ?? undefined }),
  });

  function confirmStatus(user: AdminUserRow, to: 'suspended' | 'active') {
    void modal.confirm({
      title: to === 'suspended' ? t('confirm.suspendTitle') : t('confirm.activateTitle'),
      content: to === 'suspended' ? t('confirm.suspendText', { name: fullName(user) }) : t('confirm.activateText', { name: fullName(user) }),
      okText: to === 'suspended' ? t('actions.suspend') : t('actions.activate'),
      okButtonProps: { danger: to === 'suspended' },
      onOk: () => statusChange.mutateAsync({ user, to }).catch(() => undefined),
    });
  }

  function confirmDelete(user: AdminUserRow) {
    void modal.confirm({
      title: user.userType === 'admin' ? t('confirm.deleteAdminTitle') : t('confirm.deleteUserTitle'),
      content: t('confirm.deleteText', { name: fullName(user) }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: () => removal.mutateAsync(user).catch(() => undefined),
    });
  }

  /**
   * The row's menu offers only what identity would allow (it decides regardless): nothing
   * on your own account; administrators are managed by super admins only, customers by
   * the users permission; KYC decisions need the kyc permission; deleting is for super admins.
   */
  function actionsFor(user: AdminUserRow) {
    if (user.id === me?.id) return [];
    const manages = user.userType === 'admin' ? isSuperAdmin : can('users');
    return [
      ...(manages ? [user.userStatus === 'suspended' ? { key: 'activate', label: t('actions.activate') } : { key: 'suspend', label: t('actions.suspend') }] : []),
      ...(manages ? [{ key: 'sessions', label: t('sessions:admin.menu') }] : []),
      ...(user.userType === 'admin' && isSuperAdmin ? [{ key: 'change-role', label: t('actions.changeRole') }] : []),
      ...(user.userType === 'customer' && user.kycStatus === 'pending' && can('kyc')
        ? [
            { key: 'approve-kyc', label: t('actions.approveKyc') },
            { key: 'reject-kyc', label: t('actions.rejectKyc') },
          ]
        : []),
      ...(isSuperAdmin ? [{ key: 'delete', label: t('actions.delete'), danger: true }] : []),
    ];
  }

  const counts = query.data?.counts;

  return (
    <>
      {modalHolder}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          <Input.Search
            aria-label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined })}
            style={{ width: 280 }}
          />
          <Select
            aria-label={t('filters.status')}
            value={filter.status ?? 'all'}
            style={{ width: 140 }}
            onChange={(status: string) => setFilter({ ...filter, status: status === 'all' ? undefined : (status as UserFilter['status']) })}
            options={[
              { value: 'all', label: t('filters.allStatuses') },
              { value: 'active', label: t('filters.active') },
              { value: 'suspended', label: t('filters.suspended') },
              { value: 'pending', label: t('filters.pending') },
            ]}
          />
          <Select
            aria-label={t('filters.kycStatus')}
            value={filter.kycStatus ?? 'all'}
            style={{ width: 150 }}
            onChange={(kycStatus: string) => setFilter({ ...filter, kycStatus: kycStatus === 'all' ? undefined : (kycStatus as UserFilter['kycStatus']) })}
            options={[
              { value: 'all', label: t('filters.allKyc') },
              { value: 'pending', label: t('filters.kycPending') },
              { value: 'verified', label: t('filters.kycVerified') },
              { value: 'rejected', label: t('filters.kycRejected') },
            ]}
          />
          <Select
            aria-label={t('filters.type')}
            value={filter.userType ?? 'all'}
            style={{ width: 130 }}
            onChange={(userType: string) => setFilter({ ...filter, userType: userType === 'all' ? undefined : (userType as UserFilter['userType']) })}
            options={[
              { value: 'all', label: t('filters.allTypes') },
              { value: 'customer', label: t('filters.customers') },
              { value: 'admin', label: t('filters.admins') },
            ]}
          />
        </Space>
        {isSuperAdmin && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('createAdmin.title')}
          </Button>
        )}
      </Space>
      {counts && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('counts.found', { count: query.data?.total ?? 0 })}</Typography.Text>
          <Tag>{t('counts.accounts', { count: counts.total })}</Tag>
          <Tag color="green">{t('counts.active', { count: counts.active })}</Tag>
          <Tag color="red">{t('counts.suspended', { count: counts.suspended })}</Tag>
          <Tag>{t('counts.customers', { count: counts.customers })}</Tag>
          <Tag>{t('counts.admins', { count: counts.admins })}</Tag>
          <Tag color="gold">{t('counts.kycPending', { count: counts.kycPending })}</Tag>
        </Space>
      )}
      {query.isError && <Typography.Text type="danger">{serverMessage(query.error) ?? t('messages.loadFailed')}</Typography.Text>}
      <DataTable<AdminUserRow>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: t('table.empty') }}
        scroll={{ x: 800 }}
        pagination={false}
        columns={[
          {
            title: t('table.user'),
            key: 'user',
            render: (_, user) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{fullName(user)}</Typography.Text>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Space>
            ),
          },
          { title: t('table.type'), key: 'type', render: (_, user) => (user.userType === 'admin' ? t('table.adminType', { role: user.adminRole ? t(`roles.${user.adminRole}`) : '—' }) : t('table.customerType')) },
          { title: t('table.status'), key: 'status', render: (_, user) => <Tag color={STATUS_COLORS[user.userStatus]}>{t(`status.${user.userStatus}`)}</Tag> },
          { title: t('table.kyc'), key: 'kyc', render: (_, user) => (user.userType === 'customer' ? <Tag color={STATUS_COLORS[user.kycStatus]}>{t(`kycStatus.${user.kycStatus}`)}</Tag> : '—') },
          { title: t('table.joined'), key: 'joined', render: (_, user) => formatDate(user.createdAt) },
          actionsColumn({
            title: t('table.actions'),
            width: 120,
            render: (_, user) => {
              const items = actionsFor(user);
              if (items.length === 0) return '—';
              return (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items,
                    onClick: ({ key }) => {
                      if (key === 'suspend') confirmStatus(user, 'suspended');
                      if (key === 'activate') confirmStatus(user, 'active');
                      if (key === 'change-role') setChangingRole(user);
                      if (key === 'sessions') setViewingSessions({ id: user.id, name: fullName(user) });
                      if (key === 'approve-kyc') setDeciding({ userId: user.id, name: fullName(user), decision: 'verified' });
                      if (key === 'reject-kyc') setDeciding({ userId: user.id, name: fullName(user), decision: 'rejected' });
                      if (key === 'delete') confirmDelete(user);
                    },
                  }}
                >
                  <Button size="small" aria-label={t('actions.for', { email: user.email })}>
                    {t('table.actions')}
                  </Button>
                </Dropdown>
              );
            },
          }),
        ]}
      />
      <CursorPager pages={pages} nextCursor={query.data?.nextCursor} total={query.data?.total} limit={PAGE_SIZE} />
      <KycDecisionDialog target={deciding} onClose={() => setDeciding(null)} onDecided={() => void refresh()} />
      <ChangeAdminRoleDialog key={changingRole?.id ?? 'none'} target={changingRole} onClose={() => setChangingRole(null)} onChanged={() => void refresh()} />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
      <UserSessionsDialog user={viewingSessions} onClose={() => setViewingSessions(null)} />
    </>
  );
}
