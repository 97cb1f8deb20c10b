import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { adminFormProblem, type AdminForm } from './admin-form';
import { usersApi } from './users-api';

const EMPTY: AdminForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', adminRole: 'moderator' };

/** Create Admin: the spec's validation in the browser, decided again by the server (super admins only). */
export function CreateAdminDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('users');
  const { notification } = useFeedback();
  const [form, setForm] = useState<AdminForm>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => usersApi.createAdmin({ ...form, firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() }),
    onSuccess: () => {
      notification.success({ title: t('createAdmin.created') });
      setForm(EMPTY);
      onCreated();
      onClose();
    },
    onError: (error) => {
      const message = serverMessage(error);
      setProblem(message ?? t('createAdmin.failed'));
      notification.error({ title: t('createAdmin.failed'), description: message ?? undefined });
    },
  });
  const field = (name: keyof AdminForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm({ ...form, [name]: event.target.value });
      setProblem(null);
    },
  });
  return (
    <Modal
      open={open}
      title={t('createAdmin.title')}
      okText={t('createAdmin.title')}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      onOk={() => {
        const found = adminFormProblem(form);
        if (found) setProblem(found);
        else create.mutate();
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('createAdmin.firstName')} htmlFor="admin-first-name">
          <Input id="admin-first-name" maxLength={100} {...field('firstName')} />
        </Form.Item>
        <Form.Item label={t('createAdmin.lastName')} htmlFor="admin-last-name">
          <Input id="admin-last-name" maxLength={100} {...field('lastName')} />
        </Form.Item>
        <Form.Item label={t('createAdmin.email')} htmlFor="admin-email">
          <Input id="admin-email" type="email" maxLength={254} {...field('email')} />
        </Form.Item>
        <Form.Item label={t('createAdmin.password')} htmlFor="admin-password" extra={t('createAdmin.passwordRules')}>
          <Input.Password id="admin-password" {...field('password')} />
        </Form.Item>
        <Form.Item label={t('createAdmin.confirmPassword')} htmlFor="admin-confirm-password">
          <Input.Password id="admin-confirm-password" {...field('confirmPassword')} />
        </Form.Item>
        <Form.Item label={t('createAdmin.role')} htmlFor="admin-role">
          <Select
            id="admin-role"
            value={form.adminRole}
            onChange={(adminRole: AdminForm['adminRole']) => setForm({ ...form, adminRole })}
            options={[
              { value: 'super_admin', label: t('roles.super_admin') },
              { value: 'admin', label: t('roles.admin') },
              { value: 'moderator', label: t('roles.moderator') },
              { value: 'support', label: t('roles.support') },
            ]}
          />
        </Form.Item>
      </Form>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
