import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useEffect, useState } from 'react';
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

  if (!token) {
    return (
      <AuthLayout title={null} documentTitle="Reset link">
        <Result
          status="warning"
          title="Reset link not valid"
          subTitle={AuthText.invalidResetLink}
          extra={
            <Button type="primary" onClick={() => navigate('/auth/reset-password')}>
              Request a New Link
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
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation({ mutationFn: authApi.updatePassword });

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(() => navigate('/auth/login', { replace: true }), AFTER_PASSWORD_UPDATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (update.isSuccess) {
    return (
      <AuthLayout title={null} documentTitle="Password updated">
        <Result
          status="success"
          title="Password Updated!"
          subTitle="Your password has been changed. Taking you to the sign-in page..."
          extra={
            <Button type="primary" onClick={() => navigate('/auth/login', { replace: true })}>
              Go to Login
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
      title="Choose a new password"
      subtitle="Use at least 6 characters. You will sign in with it from now on."
      documentTitle="New password"
    >
      <FormProblem message={problem} />
      <Form<NewPasswordFields> layout="vertical" onFinish={submit} requiredMark={false} noValidate>
        <Form.Item label="New password" name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm new password" name="confirmPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
