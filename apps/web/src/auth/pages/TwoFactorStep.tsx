import type { AuthSession, MfaChallenge } from '@portal/api-client';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');
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
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <RecoveryCodes codes={keep.recoveryCodes} />
        <Button type="primary" size="large" block onClick={() => void finish(keep.session, portal, from).then(props.onDone)}>
          {t('twoFactor.savedCodesContinue')}
        </Button>
      </Space>
    );
  }

  const restart = (
    <Button type="link" onClick={props.onRestart} style={{ padding: 0 }}>
      {t('backToSignIn')}
    </Button>
  );

  if (challenge.enrolmentRequired) {
    return (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('twoFactor.requiredTitle')} description={t('twoFactor.requiredBody')} />
        {enrolment.isPending ? (
          <Skeleton active />
        ) : enrolment.isError ? (
          <FormProblem message={loginErrorMessage(enrolment.error)} />
        ) : (
          <EnrolmentSecret enrolment={enrolment.data} />
        )}
        <FormProblem message={problem} />
        <CodeEntry label={t('twoFactor.enterAppCode')} value={code} onChange={setCode} onSubmit={submit} submitLabel={t('twoFactor.verifyAndSignIn')} pending={secondStep.isPending} autoFocus />
        {restart}
      </Space>
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {t('twoFactor.instructions')}
      </Typography.Paragraph>
      <FormProblem message={problem} />
      <CodeEntry label={t('twoFactor.codeLabel')} value={code} onChange={setCode} onSubmit={submit} submitLabel={t('twoFactor.verify')} pending={secondStep.isPending} allowRecoveryCode autoFocus />
      {restart}
    </Space>
  );
}
