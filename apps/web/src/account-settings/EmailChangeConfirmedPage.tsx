import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../api/api-error';
import { AuthLayout } from '../auth/AuthLayout';
import { useAuth } from '../auth/AuthProvider';
import { profileApi } from './profile-api';

/** Opened from the email sent to a new address: `{WEB_URL}/auth/confirm-email-change?token=...`. */
export default function EmailChangeConfirmedPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status } = useAuth();
  const { t } = useTranslation('account-settings');
  const confirm = useMutation({ mutationFn: profileApi.confirmEmailChange });
  const started = useRef(false);

  // The link is single-use: confirm exactly once, even when React mounts the page twice.
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = status === 'signedIn' ? { to: '/app/settings', label: t('emailChange.backToSettings') } : { to: '/auth/login', label: t('emailChange.signIn') };
  return (
    <AuthLayout title={null} documentTitle={t('emailChange.documentTitle')}>
      {!token || confirm.isError ? (
        <Result
          status="error"
          title={t('emailChange.failedTitle')}
          subTitle={token ? (serverMessage(confirm.error) ?? t('emailChange.failed')) : t('emailChange.invalidLink')}
          extra={<Link to={next.to}>{next.label}</Link>}
        />
      ) : confirm.isSuccess ? (
        <Result
          status="success"
          title={t('emailChange.doneTitle')}
          subTitle={t('emailChange.done', { email: confirm.data.email })}
          extra={
            <Button type="primary">
              <Link to={next.to}>{next.label}</Link>
            </Button>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('emailChange.confirming')} />
      )}
    </AuthLayout>
  );
}
