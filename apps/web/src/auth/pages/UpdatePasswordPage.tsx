import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../api/api-error';
import { authApi } from '../auth-api';
import { AuthLayout } from '../AuthLayout';
import { FormProblem } from '../FormProblem';
import { newPasswordProblem } from '../form-rules';
import { AFTER_PASSWORD_UPDATE_REDIRECT_MS, AuthText } from '../messages';

interface NewPasswordFields {
  password?: string;
  confirmPassword?: string;
}

/** Opened from the reset email: `{WEB_URL}/auth/update-password?token=...`. */
export default function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { t } = useTranslation('auth');

  if (!token) {
    return (
      <AuthLayout title={null} documentTitle={t('updatePassword.invalid.documentTitle')}>
        <Result
          status="warning"
          title={t('updatePassword.invalid.title')}
          subTitle={AuthText.invalidResetLink}
          extra={
            <Button type="primary" onClick={() => navigate('/auth/reset-password')}>
              {t('updatePassword.invalid.requestNew')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation({ mutationFn: authApi.updatePassword });

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(() => navigate('/auth/login', { replace: true }), AFTER_PASSWORD_UPDATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (update.isSuccess) {
    return (
      <AuthLayout title={null} documentTitle={t('updatePassword.done.documentTitle')}>
        <Result
          status="success"
          title={t('updatePassword.done.title')}
          subTitle={t('updatePassword.done.body')}
          extra={
            <Button type="primary" onClick={() => navigate('/auth/login', { replace: true })}>
              {t('goToLogin')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  const submit = ({ password = '', confirmPassword = '' }: NewPasswordFields) => {
    const firstProblem = newPasswordProblem(password, confirmPassword);
    setProblem(firstProblem);
    if (firstProblem) return;
    update.mutate(
      { token, password },
      { onError: (error) => setProblem(serverMessage(error) ?? AuthText.unexpected) },
    );
  };

  return (
    <AuthLayout
      title={t('updatePassword.title')}
      subtitle={t('updatePassword.subtitle')}
      documentTitle={t('updatePassword.documentTitle')}
    >
      <FormProblem message={problem} />
      <Form<NewPasswordFields> layout="vertical" onFinish={submit} requiredMark={false} noValidate>
        <Form.Item label={t('updatePassword.newPassword')} name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('updatePassword.confirmPassword')} name="confirmPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={update.isPending}>
          {update.isPending ? t('updatePassword.submitting') : t('updatePassword.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
