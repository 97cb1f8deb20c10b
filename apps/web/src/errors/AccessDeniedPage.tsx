import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dashboardPathFor } from '../auth/access-rules';
import { useAuth } from '../auth/AuthProvider';
import { CenteredPage } from '../ui/CenteredPage';
import { useDocumentTitle } from '../ui/useDocumentTitle';

const DEFAULT_REASON = 'You do not have permission to access this page.';

function readDenial(state: unknown): { message: string; flagged: boolean } {
  const value = (typeof state === 'object' && state !== null ? state : {}) as { message?: unknown; flagged?: unknown };
  return {
    message: typeof value.message === 'string' ? value.message : DEFAULT_REASON,
    flagged: value.flagged === true,
  };
}

export default function AccessDeniedPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { message, flagged } = readDenial(location.state);
  useDocumentTitle('Access denied');

  useEffect(() => {
    if (flagged) console.warn(`Access denied and reported: ${message}`);
  }, [flagged, message]);

  const role = user?.userType ?? null;
  return (
    <CenteredPage>
      <Result
        status="403"
        title="Access Denied"
        subTitle={message}
        extra={
          <Flex gap={8} justify="center" wrap>
            {role ? (
              <Button type="primary" onClick={() => navigate(dashboardPathFor(role), { replace: true })}>
                {role === 'admin' ? 'Go to Admin Dashboard' : 'Go to My Dashboard'}
              </Button>
            ) : (
              <Button type="primary" onClick={() => navigate('/auth/login', { replace: true })}>
                Go to Login
              </Button>
            )}
            <Button onClick={() => navigate(-1)}>Go Back</Button>
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          {flagged && <Alert type="warning" showIcon title="This security incident has been logged for review." />}
          {role && (
            <Typography.Paragraph style={{ margin: 0 }}>
              You are currently logged in as a {role} user.
              {role === 'customer' && <> Customer users can only access customer portal features.</>}
            </Typography.Paragraph>
          )}
        </Flex>
      </Result>
    </CenteredPage>
  );
}
