import type { AuthSession, MfaChallenge } from '@portal/api-client';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { CodeEntry, EnrolmentSecret, RecoveryCodes } from '../../account-security/TwoFactorPieces';
import { authApi } from '../auth-api';
import { FormProblem } from '../FormProblem';
import type { LoginOutcome, PortalChoice, RememberedOrigin } from '../login-redirect';
import { loginErrorMessage, useFinishSignIn, useSecondStep } from '../use-login';

/**
 * The second step of signing in: the authenticator code (or a recovery code); or, for an
 * administrator who must use two-factor and has not set it up, the set-up itself.
 */
export default function TwoFactorStep(props: {
  challenge: MfaChallenge;
  portal: PortalChoice;
  from: RememberedOrigin | null;
  onDone: (outcome: LoginOutcome) => void;
  onRestart: () => void;
}) {
  const { challenge, portal, from } = props;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [keep, setKeep] = useState<{ session: AuthSession; recoveryCodes: string[] } | null>(null);
  const secondStep = useSecondStep();
  const finish = useFinishSignIn();
  const enrolment = useQuery({
    queryKey: ['auth', 'mfa-enrolment', challenge.mfaToken],
    queryFn: () => authApi.startMfaEnrolment(challenge.mfaToken),
    enabled: challenge.enrolmentRequired,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const submit = () => {
    setProblem(null);
    secondStep.mutate(
      { mfaToken: challenge.mfaToken, code, portal, from },
      {
        onSuccess: (result) => {
          if (result.kind === 'keep-codes') setKeep({ session: result.session, recoveryCodes: result.recoveryCodes });
          else props.onDone(result.outcome);
        },
        onError: (error) => {
          setCode('');
          setProblem(loginErrorMessage(error));
        },
      },
    );
  };

  if (keep) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <RecoveryCodes codes={keep.recoveryCodes} />
        <Button type="primary" size="large" block onClick={() => void finish(keep.session, portal, from).then(props.onDone)}>
          I have saved my codes, continue
        </Button>
      </Space>
    );
  }

  const restart = (
    <Button type="link" onClick={props.onRestart} style={{ padding: 0 }}>
      Back to sign in
    </Button>
  );

  if (challenge.enrolmentRequired) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon title="Two-factor authentication is required" description="Your administrator requires two-factor authentication. Set it up now to continue." />
        {enrolment.isPending ? (
          <Skeleton active />
        ) : enrolment.isError ? (
          <FormProblem message={loginErrorMessage(enrolment.error)} />
        ) : (
          <EnrolmentSecret enrolment={enrolment.data} />
        )}
        <FormProblem message={problem} />
        <CodeEntry label="Enter the 6-digit code from the app" value={code} onChange={setCode} onSubmit={submit} submitLabel="Verify and sign in" pending={secondStep.isPending} autoFocus />
        {restart}
      </Space>
    );
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Open your authenticator app and enter the 6-digit code for your account. Lost your device? Enter one of your recovery codes instead.
      </Typography.Paragraph>
      <FormProblem message={problem} />
      <CodeEntry label="Authentication code" value={code} onChange={setCode} onSubmit={submit} submitLabel="Verify" pending={secondStep.isPending} allowRecoveryCode autoFocus />
      {restart}
    </Space>
  );
}
