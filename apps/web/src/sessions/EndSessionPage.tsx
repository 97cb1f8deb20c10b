import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../api/api-error';
import { AuthLayout } from '../auth/AuthLayout';
import { useAuth } from '../auth/AuthProvider';
import { ButtonLink } from '../ui/ButtonLink';
import { sessionsApi } from './sessions-api';

/**
 * Opened from a new-sign-in email: `{WEB_URL}/auth/end-session?token=...`. The session is
 * ended on a click, not on opening: mail scanners that open links must not end it.
 */
export default function EndSessionPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status } = useAuth();
  const { t } = useTranslation('sessions');
  const end = useMutation({ mutationFn: sessionsApi.endFromLink });
  const next = status === 'signedIn' ? { to: '/app/settings/security', label: t('link.toSettings') } : { to: '/auth/login', label: t('link.signIn') };

  return (
    <AuthLayout title={null} documentTitle={t('link.documentTitle')}>
      {!token || end.isError ? (
        <Result
          status="error"
          title={t('link.failedTitle')}
          subTitle={token ? (serverMessage(end.error) ?? t('link.failed')) : t('link.invalid')}
          extra={<Link to={next.to}>{next.label}</Link>}
        />
      ) : end.isSuccess ? (
        <Result
          status="success"
          title={t('link.doneTitle')}
          subTitle={t('link.done')}
          extra={
            <ButtonLink type="primary" to={next.to}>
              {next.label}
            </ButtonLink>
          }
        />
      ) : (
        <Result
          status="warning"
          title={t('link.title')}
          subTitle={t('link.explanation')}
          extra={
            <Button type="primary" danger loading={end.isPending} onClick={() => end.mutate(token)}>
              {t('link.submit')}
            </Button>
          }
        />
      )}
    </AuthLayout>
  );
}
