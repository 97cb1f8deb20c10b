import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
  const confirm = useMutation({ mutationFn: profileApi.confirmEmailChange });
  const started = useRef(false);

  // The link is single-use: confirm exactly once, even when React mounts the page twice.
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = status === 'signedIn' ? { to: '/app/settings', label: 'Back to Account Settings' } : { to: '/auth/login', label: 'Sign In' };
  return (
    <AuthLayout title={null} documentTitle="Email change">
      {!token || confirm.isError ? (
        <Result
          status="error"
          title="Email Not Changed"
          subTitle={token ? (serverMessage(confirm.error) ?? 'We could not confirm the new address. Please try again.') : 'This email change link is invalid or has already been used.'}
          extra={<Link to={next.to}>{next.label}</Link>}
        />
      ) : confirm.isSuccess ? (
        <Result
          status="success"
          title="Email Changed"
          subTitle={`Your account now uses ${confirm.data.email}. Use it to sign in from now on.`}
          extra={
            <Button type="primary">
              <Link to={next.to}>{next.label}</Link>
            </Button>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title="Confirming your new email..." />
      )}
    </AuthLayout>
  );
}
