import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { plainNameRule } from '../ui/name-rule';
import { ADMIN_FORM_MESSAGES, adminFormProblem, type AdminForm } from './admin-form';
import { ADMIN_ROLES } from '@portal/domain-rules';
import { usersApi } from './users-api';

const EMPTY: AdminForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', adminRole: 'moderator' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's own limit on a password's length (it refuses longer ones). */
const PASSWORD_MAX_LENGTH = 128;

/**
 * The admin password policy (spec 02 §5), each requirement named by the text the server
 * lists it with (`server:password_rule_*`), in the server's order.
 */
const PASSWORD_REQUIREMENTS: { code: string; met: (password: string) => boolean }[] = [
  { code: 'password_rule_min_length', met: (password) => [...password].length >= 8 },
  { code: 'password_rule_uppercase', met: (password) => /\p{Lu}/u.test(password) },
  { code: 'password_rule_lowercase', met: (password) => /\p{Ll}/u.test(password) },
  { code: 'password_rule_number', met: (password) => /\p{Nd}/u.test(password) },
  { code: 'password_rule_special', met: (password) => /[^\p{L}\p{N}]/u.test(password) },
];

/** The form's values as typed so far; fields not registered yet read as empty. */
const complete = (values: Partial<AdminForm> | undefined): AdminForm => ({ ...EMPTY, ...values });

/**
 * Create Admin: the spec's validation shown as the admin types or leaves a field, Create
 * enabled only once every field is filled, valid and matching; decided again by the server
 * (super admins only), whose refusals are shown below the form.
 */
export function CreateAdminDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('users');
  const { notification } = useFeedback();
  const [form] = Form.useForm<AdminForm>();
  // Derived from the values themselves, not from the last validation run.
  const ready = Form.useWatch((values: Partial<AdminForm>) => adminFormProblem(complete(values)) === null, form) ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    form.resetFields();
    setProblem(null);
  };
  const create = useMutation({
    mutationFn: (values: AdminForm) =>
      usersApi.createAdmin({ ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }),
    onSuccess: () => {
      notification.success({ title: t('createAdmin.created') });
      reset();
      onCreated();
      onClose();
    },
    onError: (error) => {
      const message = serverMessage(error);
      setProblem(message ?? t('createAdmin.failed'));
      notification.error({ title: t('createAdmin.failed'), description: message ?? undefined });
    },
  });

  const required: Rule = { required: true, whitespace: true, message: ADMIN_FORM_MESSAGES.allFieldsRequired };
  const emailRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || EMAIL.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(ADMIN_FORM_MESSAGES.invalidEmail)),
  };
  // 'Password requirements not met', then each requirement still missing on a line of its own.
  const passwordRules: Rule[] = [
    {
      validator: (_, value: string | undefined) =>
        !value || PASSWORD_REQUIREMENTS.every((requirement) => requirement.met(value))
          ? Promise.resolve()
          : Promise.reject(new Error(ADMIN_FORM_MESSAGES.passwordRequirementsNotMet)),
    },
    ...PASSWORD_REQUIREMENTS.map(
      (requirement): Rule => ({
        validator: (_, value: string | undefined) =>
          !value || requirement.met(value) ? Promise.resolve() : Promise.reject(new Error(`• ${t(`server:${requirement.code}`)}`)),
      }),
    ),
  ];
  const confirmRule: Rule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(ADMIN_FORM_MESSAGES.passwordsDoNotMatch)),
  });

  return (
    <Modal
      open={open}
      title={t('createAdmin.title')}
      okText={t('createAdmin.title')}
      okButtonProps={{ disabled: !ready, loading: create.isPending }}
      onCancel={() => {
        reset();
        onClose();
      }}
      onOk={() => form.submit()}
    >
      <Form<AdminForm>
        form={form}
        layout="vertical"
        name="create-admin"
        initialValues={EMPTY}
        validateTrigger={['onChange', 'onBlur']}
        disabled={create.isPending}
        onValuesChange={() => setProblem(null)}
        onFinish={(values) => {
          const found = adminFormProblem(complete(values));
          if (found) setProblem(found);
          else create.mutate(complete(values));
        }}
      >
        <Form.Item label={t('createAdmin.firstName')} name="firstName" rules={[required, plainNameRule]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('createAdmin.lastName')} name="lastName" rules={[required, plainNameRule]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('createAdmin.email')} name="email" rules={[required, emailRule]}>
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item label={t('createAdmin.password')} name="password" extra={t('createAdmin.passwordRules')} rules={[required, ...passwordRules]}>
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label={t('createAdmin.confirmPassword')} name="confirmPassword" dependencies={['password']} rules={[required, confirmRule]}>
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label={t('createAdmin.role')} name="adminRole">
          <Select
           
            options={ADMIN_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
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
