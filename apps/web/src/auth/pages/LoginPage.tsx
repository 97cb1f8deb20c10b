import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
// Input and Password from their own modules: antd's Input index also carries Search,
// TextArea, OTP and Group, which the most visited first page would download for nothing.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { MfaChallenge } from '@portal/api-client';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../AuthLayout';
import { useAuth } from '../AuthProvider';
import { FormProblem } from '../FormProblem';
import { loginHeading, originFromState, portalFromQuery } from '../login-redirect';
import { AuthText } from '../messages';
import { isPasskeyCeremonyError } from '../passkey-ceremony';
import { loginErrorMessage, useLogin, usePasskeyLogin } from '../use-login';
import { LazyAlert } from '../../ui/LazyAlert';

// Only accounts with two-factor need the second step (and its QR code): loaded when asked for.
const TwoFactorStep = lazy(() => import('./TwoFactorStep'));

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const portal = portalFromQuery(params.get('portal'));
  const location = useLocation();
  const navigate = useNavigate();
  const { expired } = useAuth();
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const from = originFromState(location.state);

  // A plain <form>, not antd's Form: two fields need no form store, validator or label
  // tooltips, and those cost the sign-in page (every visit's first page) some 20 kB.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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

  // No email or password: the browser offers the person's passkeys for this site.
  const signInWithPasskey = () => {
    setProblem(null);
    passkeyLogin.mutate(
      { portal, from },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'go') navigate(outcome.to, { replace: true });
          else setProblem(outcome.message);
        },
        onError: (error) => {
          if (!isPasskeyCeremonyError(error)) setProblem(loginErrorMessage(error));
          else if (error.problem === 'cancelled') setProblem(t('login.passkeyCancelled'));
          else if (error.problem === 'unsupported') setProblem(t('login.passkeyUnsupported'));
          else setProblem(t('login.passkeyFailed'));
        },
      },
    );
  };

  if (challenge) {
    return (
      <AuthLayout
        title={challenge.enrolmentRequired ? t('twoFactor.setUpTitle') : t('twoFactor.title')}
        subtitle={challenge.enrolmentRequired ? t('twoFactor.setUpSubtitle') : t('twoFactor.subtitle')}
        documentTitle={t('login.documentTitle')}
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
    <AuthLayout title={loginHeading(portal)} subtitle={t('login.subtitle')} documentTitle={t('login.documentTitle')}>
      {expired && !problem && (
        <LazyAlert type="info" showIcon title={AuthText.sessionEnded} style={{ marginBottom: 16 }} />
      )}
      <FormProblem message={problem} />
      <form onSubmit={submit} noValidate>
        <div className="auth-field">
          <label className="auth-label" htmlFor={`${id}-email`}>
            {t('login.email')}
          </label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            prefix={<MailOutlined />}
            placeholder={t('login.emailPlaceholder')}
            size="large"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="auth-field" style={{ marginBottom: 8 }}>
          <label className="auth-label" htmlFor={`${id}-password`}>
            {t('login.password')}
          </label>
          <Password
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            size="large"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Flex justify="flex-end" style={{ marginBottom: 24 }}>
          <Link to="/auth/reset-password">{t('login.forgotPassword')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending} disabled={passkeyLogin.isPending}>
          {login.isPending ? AuthText.signingIn : t('login.submit')}
        </Button>
      </form>
      <p className="auth-or">{t('login.or')}</p>
      <Button size="large" block icon={<KeyOutlined aria-hidden="true" />} onClick={signInWithPasskey} loading={passkeyLogin.isPending} disabled={login.isPending}>
        {t('login.passkey')}
      </Button>
      {/* Plain markup where antd would only add looks (Divider, Typography): see AuthLayout. */}
      <hr className="auth-divider" />
      <Flex vertical gap={8} align="center">
        <span className="link-in-text">
          {t('login.noAccount')} <Link to="/auth/signup">{t('login.createAccount')}</Link>
        </span>
        <Link to="/">{t('backToHome')}</Link>
      </Flex>
    </AuthLayout>
  );
}
