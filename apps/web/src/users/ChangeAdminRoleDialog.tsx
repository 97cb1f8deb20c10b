import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { AdminUserRow } from '@portal/api-client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { ADMIN_ROLES, type AdminRole } from '@portal/domain-rules';
import { usersApi } from './users-api';


/**
 * A super admin gives another administrator a new role (PUT /admin/users/:id/admin-role);
 * identity decides, ends that admin's sessions and keeps one active super admin. Rendered
 * with a key per target, so each opening starts with no role chosen.
 */
export function ChangeAdminRoleDialog({ target, onClose, onChanged }: { target: AdminUserRow | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('users');
  const { notification } = useFeedback();
  const [adminRole, setAdminRole] = useState<AdminRole | undefined>(undefined);
  const change = useMutation({
    mutationFn: ({ id, role }: { id: string; role: AdminRole }) => usersApi.changeRole(id, role),
    onSuccess: () => {
      notification.success({ title: t('changeRole.updated') });
      onChanged();
      onClose();
    },
    onError: (error) => notification.error({ title: t('changeRole.failed'), description: serverMessage(error) ?? undefined }),
  });
  const name = target ? `${target.firstName} ${target.lastName}`.trim() || target.email : '';
  const changed = !!target && !!adminRole && adminRole !== target.adminRole;

  return (
    <Modal
      open={!!target}
      title={t('changeRole.title')}
      okText={t('actions.changeRole')}
      okButtonProps={{ disabled: !changed, loading: change.isPending }}
      onCancel={onClose}
      onOk={() => {
        if (target && adminRole && changed) change.mutate({ id: target.id, role: adminRole });
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('changeRole.text', { name })}</Typography.Text>
        <Select<AdminRole>
          aria-label={t('createAdmin.role')}
          style={{ width: '100%' }}
          value={adminRole}
          placeholder={target?.adminRole ? t(`roles.${target.adminRole}`) : undefined}
          onChange={setAdminRole}
          options={ADMIN_ROLES.filter((role) => role !== target?.adminRole).map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
      </Space>
    </Modal>
  );
}
