import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { dashboardPathFor } from '../access-rules';
import { authApi } from '../auth-api';
import { useAuth } from '../AuthProvider';
import {
  confirmationFailureMessage,
  confirmationFailureOf,
  confirmationFailureTitle,
  type ConfirmationFailure,
} from '../email-confirmation';
import { AuthLayout } from '../AuthLayout';
import { AFTER_CONFIRMATION_REDIRECT_MS } from '../messages';
import { ResendConfirmation } from '../ResendConfirmation';

type Phase =
  | { kind: 'waiting' }
  | { kind: 'verifying' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; failure: ConfirmationFailure };

/** Opened from the confirmation email: `{WEB_URL}/auth/email-confirmed?token=...`. */
export default function EmailConfirmedPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status, user, signIn } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });
  const confirm = useMutation({ mutationFn: authApi.confirmEmail });
  const started = useRef(false);

  // Confirm once the session check is done. The token is single-use, so this must run
  // exactly once, even when React mounts the page twice in development.
  useEffect(() => {
    if (started.current || status === 'loading') return;
    started.current = true;
    if (status === 'signedIn') return;
    if (!token) {
      setPhase({ kind: 'failed', failure: 'invalid' });
      return;
    }
    setPhase({ kind: 'verifying' });
    confirm.mutate(token, {
      onSuccess: (session) => {
        signIn(session);
        setPhase({ kind: 'confirmed' });
      },
      onError: (error) => setPhase({ kind: 'failed', failure: confirmationFailureOf(error) }),
    });
  }, [status, token, confirm, signIn]);

  const destination = user ? dashboardPathFor(user.userType) : '/auth/login';
  useEffect(() => {
    if (phase.kind !== 'confirmed') return;
    const timer = setTimeout(() => navigate(destination, { replace: true }), AFTER_CONFIRMATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase.kind, destination, navigate]);

  if (phase.kind === 'waiting') {
    // Someone already signed in has nothing to confirm here.
    if (status === 'signedIn' && user) return <Navigate to={dashboardPathFor(user.userType)} replace />;
    return <LoadingScreen />;
  }

  return (
    <AuthLayout title={null} documentTitle={t('confirmation.documentTitle')}>
      {phase.kind === 'verifying' && (
        <Result icon={<Spin size="large" />} title={t('confirmation.verifying')} subTitle={t('confirmation.verifyingHint')} />
      )}
      {phase.kind === 'confirmed' && (
        <Result
          status="success"
          title={t('confirmation.confirmedTitle')}
          subTitle={t('confirmation.confirmedBody')}
          extra={
            <Button type="primary" onClick={() => navigate(destination, { replace: true })}>
              {t('confirmation.goToDashboard')}
            </Button>
          }
        />
      )}
      {phase.kind === 'failed' && <ConfirmationFailed failure={phase.failure} token={token} />}
    </AuthLayout>
  );
}

function ConfirmationFailed({ failure, token }: { failure: ConfirmationFailure; token: string | null }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  if (failure === 'already_confirmed') {
    return (
      <Result
        status="info"
        title={confirmationFailureTitle[failure]}
        subTitle={confirmationFailureMessage[failure]}
        extra={
          <Button type="primary" onClick={() => navigate('/auth/login')}>
            {t('confirmation.tryLoggingIn')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Result
        status="error"
        title={confirmationFailureTitle[failure]}
        subTitle={confirmationFailureMessage[failure]}
        style={{ paddingBottom: 16 }}
      />
      {/* An invalid link proves nothing, so that resend asks for the address instead. */}
      <ResendConfirmation token={failure === 'invalid' ? null : token} />
      <Divider />
      <Flex gap={8} wrap>
        <Button type="primary" style={{ flex: 1 }} onClick={() => navigate('/auth/login')}>
          {t('goToLogin')}
        </Button>
        <Button style={{ flex: 1 }} onClick={() => navigate('/auth/signup')}>
          {t('confirmation.createNewAccount')}
        </Button>
      </Flex>
    </>
  );
}
