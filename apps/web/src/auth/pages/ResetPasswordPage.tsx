import MailOutlined from '@ant-design/icons/MailOutlined';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { serverMessage } from '../../api/api-error';
import { authApi } from '../auth-api';
import { AuthLayout } from '../AuthLayout';
import { FormProblem } from '../FormProblem';
import { AuthText } from '../messages';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestReset = useMutation({ mutationFn: authApi.requestPasswordReset });

  if (sentTo) {
    return (
      <AuthLayout title={null} documentTitle="Check your email">
        <Result
          status="success"
          icon={<MailOutlined />}
          title="Check Your Email"
          subTitle={
            <>
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password.
            </>
          }
          extra={
            <Button type="primary" onClick={() => navigate('/auth/login')}>
              Back to Login
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  const submit = ({ email = '' }: { email?: string }) => {
    const address = email.trim();
    setProblem(address ? null : AuthText.resetEmailRequired);
    if (!address) return;
    requestReset.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => setProblem(serverMessage(error) ?? AuthText.unexpected),
    });
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      documentTitle="Reset password"
    >
      <FormProblem message={problem} />
      <Form layout="vertical" onFinish={submit} requiredMark={false} noValidate>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined />} placeholder="you@example.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={requestReset.isPending}>
          {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Form>
      <Flex justify="center" gap={16} style={{ marginTop: 24 }}>
        <Link to="/auth/login">Back to sign in</Link>
        <Link to="/">Home</Link>
      </Flex>
    </AuthLayout>
  );
}
