import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUserRow } from '@portal/api-client';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { formatDate } from '../applications/labels';
import { KycDecisionDialog, type KycDecisionTarget } from '../kyc/KycDecisionDialog';
import { CreateAdminDialog } from './CreateAdminDialog';
import { userKeys, usersApi, type UserFilter } from './users-api';

const STATUS_COLORS: Record<string, string> = { active: 'green', suspended: 'red', pending: 'gold', verified: 'green', rejected: 'red' };
const fullName = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Spec 02 "User and Admin Management": server-side search and filters, paged list with counts, row actions, Create Admin. */
export function UserManagement() {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>({ page: 1, pageSize: 20 });
  const [deciding, setDeciding] = useState<KycDecisionTarget | null>(null);
  const [creating, setCreating] = useState(false);
  const query = useQuery({ queryKey: userKeys.list(filter), queryFn: () => usersApi.list(filter), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const statusChange = useMutation({
    mutationFn: ({ user, to }: { user: AdminUserRow; to: 'suspended' | 'active' }) => (to === 'suspended' ? usersApi.suspend(user.id) : usersApi.activate(user.id)),
    onSuccess: async () => {
      notification.success({ message: 'User status updated successfully' });
      await refresh();
    },
    onError: (error) => notification.error({ message: 'Failed to update user status', description: serverMessage(error) ?? undefined }),
  });
  const removal = useMutation({
    mutationFn: (user: AdminUserRow) => usersApi.remove(user.id),
    onSuccess: async () => {
      notification.success({ message: 'account deleted successfully' });
      await refresh();
    },
    onError: (error) => notification.error({ message: 'Failed to delete account', description: serverMessage(error) ?? undefined }),
  });

  function confirmStatus(user: AdminUserRow, to: 'suspended' | 'active') {
    void modal.confirm({
      title: to === 'suspended' ? 'Suspend user' : 'Activate user',
      content: to === 'suspended' ? `Suspend ${fullName(user)}? They are signed out at once and cannot sign in until activated.` : `Activate ${fullName(user)}?`,
      okText: to === 'suspended' ? 'Suspend' : 'Activate',
      okButtonProps: { danger: to === 'suspended' },
      onOk: () => statusChange.mutateAsync({ user, to }).catch(() => undefined),
    });
  }

  function confirmDelete(user: AdminUserRow) {
    void modal.confirm({
      title: user.userType === 'admin' ? 'Delete admin' : 'Delete user',
      content: `Delete the account of ${fullName(user)}? This action cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => removal.mutateAsync(user).catch(() => undefined),
    });
  }

  const counts = query.data?.counts;

  return (
    <>
      {modalHolder}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          <Input.Search
            aria-label="Search users"
            placeholder="Search by name or email"
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined, page: 1 })}
            style={{ width: 280 }}
          />
          <Select
            aria-label="Status filter"
            value={filter.status ?? 'all'}
            style={{ width: 140 }}
            onChange={(status: string) => setFilter({ ...filter, status: status === 'all' ? undefined : (status as UserFilter['status']), page: 1 })}
            options={[
              { value: 'all', label: 'All statuses' },
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
              { value: 'pending', label: 'Pending' },
            ]}
          />
          <Select
            aria-label="KYC status filter"
            value={filter.kycStatus ?? 'all'}
            style={{ width: 150 }}
            onChange={(kycStatus: string) => setFilter({ ...filter, kycStatus: kycStatus === 'all' ? undefined : (kycStatus as UserFilter['kycStatus']), page: 1 })}
            options={[
              { value: 'all', label: 'All KYC' },
              { value: 'pending', label: 'KYC pending' },
              { value: 'verified', label: 'KYC verified' },
              { value: 'rejected', label: 'KYC rejected' },
            ]}
          />
          <Select
            aria-label="Type filter"
            value={filter.userType ?? 'all'}
            style={{ width: 130 }}
            onChange={(userType: string) => setFilter({ ...filter, userType: userType === 'all' ? undefined : (userType as UserFilter['userType']), page: 1 })}
            options={[
              { value: 'all', label: 'All types' },
              { value: 'customer', label: 'Customers' },
              { value: 'admin', label: 'Admins' },
            ]}
          />
        </Space>
        <Button type="primary" onClick={() => setCreating(true)}>
          Create Admin
        </Button>
      </Space>
      {counts && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong>{query.data?.total ?? 0} users found</Typography.Text>
          <Tag>{counts.total} accounts</Tag>
          <Tag color="green">{counts.active} active</Tag>
          <Tag color="red">{counts.suspended} suspended</Tag>
          <Tag>{counts.customers} customers</Tag>
          <Tag>{counts.admins} admins</Tag>
          <Tag color="gold">{counts.kycPending} KYC pending</Tag>
        </Space>
      )}
      {query.isError && <Typography.Text type="danger">{serverMessage(query.error) ?? 'The users could not be loaded.'}</Typography.Text>}
      <Table<AdminUserRow>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: 'No users found' }}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, pageSize) => setFilter({ ...filter, page, pageSize }),
        }}
        columns={[
          {
            title: 'User',
            key: 'user',
            render: (_, user) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{fullName(user)}</Typography.Text>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Space>
            ),
          },
          { title: 'Type', key: 'type', render: (_, user) => (user.userType === 'admin' ? `admin (${user.adminRole ?? '—'})` : 'customer') },
          { title: 'Status', key: 'status', render: (_, user) => <Tag color={STATUS_COLORS[user.userStatus]}>{user.userStatus}</Tag> },
          { title: 'KYC', key: 'kyc', render: (_, user) => (user.userType === 'customer' ? <Tag color={STATUS_COLORS[user.kycStatus]}>{user.kycStatus}</Tag> : '—') },
          { title: 'Joined', key: 'joined', render: (_, user) => formatDate(user.createdAt) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, user) => {
              const items = [
                user.userStatus === 'suspended' ? { key: 'activate', label: 'Activate' } : { key: 'suspend', label: 'Suspend' },
                ...(user.userType === 'customer' && user.kycStatus === 'pending'
                  ? [
                      { key: 'approve-kyc', label: 'Approve KYC' },
                      { key: 'reject-kyc', label: 'Reject KYC' },
                    ]
                  : []),
                { key: 'delete', label: 'Delete', danger: true },
              ];
              return (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items,
                    onClick: ({ key }) => {
                      if (key === 'suspend') confirmStatus(user, 'suspended');
                      if (key === 'activate') confirmStatus(user, 'active');
                      if (key === 'approve-kyc') setDeciding({ userId: user.id, name: fullName(user), decision: 'verified' });
                      if (key === 'reject-kyc') setDeciding({ userId: user.id, name: fullName(user), decision: 'rejected' });
                      if (key === 'delete') confirmDelete(user);
                    },
                  }}
                >
                  <Button size="small" aria-label={`Actions for ${user.email}`}>
                    Actions
                  </Button>
                </Dropdown>
              );
            },
          },
        ]}
      />
      <KycDecisionDialog target={deciding} onClose={() => setDeciding(null)} onDecided={() => void refresh()} />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
    </>
  );
}
