import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
// Input and Password from their own modules: antd's Input index also carries Search,
// TextArea, OTP and Group, which the most visited first page would download for nothing.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { MfaChallenge } from '@portal/api-client';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../AuthLayout';
import { useAuth } from '../AuthProvider';
import { FormProblem } from '../FormProblem';
import { loginHeading, originFromState, portalFromQuery } from '../login-redirect';
import { AuthText } from '../messages';
import { loginErrorMessage, useLogin } from '../use-login';
import { LazyAlert } from '../../ui/LazyAlert';

// Only accounts with two-factor need the second step (and its QR code): loaded when asked for.
const TwoFactorStep = lazy(() => import('./TwoFactorStep'));

interface LoginFields {
  email?: string;
  password?: string;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const portal = portalFromQuery(params.get('portal'));
  const location = useLocation();
  const navigate = useNavigate();
  const { expired } = useAuth();
  const login = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const from = originFromState(location.state);

  const submit = ({ email = '', password = '' }: LoginFields) => {
    setProblem(null);
    if (!email.trim() || !password) {
      setProblem(AuthText.fillAllFields);
      return;
    }
    login.mutate(
      { email: email.trim(), password, portal, from },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'second-step') setChallenge(outcome.challenge);
          else if (outcome.kind === 'go') navigate(outcome.to, { replace: true });
          else setProblem(outcome.message);
        },
        onError: (error) => setProblem(loginErrorMessage(error)),
      },
    );
  };

  if (challenge) {
    return (
      <AuthLayout
        title={challenge.enrolmentRequired ? 'Set up two-factor authentication' : 'Two-factor authentication'}
        subtitle={challenge.enrolmentRequired ? 'Scan the code with your authenticator app, then enter the code it shows.' : 'Enter the code from your authenticator app to finish signing in.'}
        documentTitle="Sign in"
      >
        <Suspense fallback={null}>
          <TwoFactorStep
            challenge={challenge}
            portal={portal}
            from={from}
            onDone={(outcome) => {
              if (outcome.kind === 'go') navigate(outcome.to, { replace: true });
              else {
                setChallenge(null);
                setProblem(outcome.message);
              }
            }}
            onRestart={() => setChallenge(null)}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={loginHeading(portal)}
      subtitle="Enter your email address and password to continue."
      documentTitle="Sign in"
    >
      {expired && !problem && (
        <LazyAlert type="info" showIcon title={AuthText.sessionEnded} style={{ marginBottom: 16 }} />
      )}
      <FormProblem message={problem} />
      <Form<LoginFields> layout="vertical" onFinish={submit} requiredMark={false} noValidate>
        <Form.Item label="Email" name="email">
          <Input
            type="email"
            autoComplete="email"
            prefix={<MailOutlined />}
            placeholder="you@example.com"
            size="large"
          />
        </Form.Item>
        <Form.Item label="Password" name="password" style={{ marginBottom: 8 }}>
          <Password
            autoComplete="current-password"
            prefix={<LockOutlined />}
            placeholder="Your password"
            size="large"
          />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginBottom: 24 }}>
          <Link to="/auth/reset-password">Forgot your password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          {login.isPending ? AuthText.signingIn : 'Sign In'}
        </Button>
      </Form>
      {/* Plain markup where antd would only add looks (Divider, Typography): see AuthLayout. */}
      <hr className="auth-divider" />
      <Flex vertical gap={8} align="center">
        <span>
          Don&apos;t have an account? <Link to="/auth/signup">Create an account</Link>
        </span>
        <Link to="/">Back to home</Link>
      </Flex>
    </AuthLayout>
  );
}
