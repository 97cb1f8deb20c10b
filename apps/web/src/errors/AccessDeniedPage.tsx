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
import { useTranslation } from 'react-i18next';

function readDenial(state: unknown, defaultReason: string): { message: string; flagged: boolean } {
  const value = (typeof state === 'object' && state !== null ? state : {}) as { message?: unknown; flagged?: unknown };
  return {
    message: typeof value.message === 'string' ? value.message : defaultReason,
    flagged: value.flagged === true,
  };
}

export default function AccessDeniedPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { t } = useTranslation('errors');
  const { message, flagged } = readDenial(location.state, t('denied.defaultReason'));
  useDocumentTitle(t('denied.documentTitle'));

  useEffect(() => {
    if (flagged) console.warn(`Access denied and reported: ${message}`);
  }, [flagged, message]);

  const role = user?.userType ?? null;
  return (
    <CenteredPage>
      <Result
        status="403"
        title={t('denied.title')}
        subTitle={message}
        extra={
          <Flex gap={8} justify="center" wrap>
            {role ? (
              <Button type="primary" onClick={() => navigate(dashboardPathFor(role), { replace: true })}>
                {role === 'admin' ? t('denied.adminDashboard') : t('denied.myDashboard')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => navigate('/auth/login', { replace: true })}>
                {t('denied.login')}
              </Button>
            )}
            <Button onClick={() => navigate(-1)}>{t('denied.back')}</Button>
          </Flex>
        }
      >
        {/* Result draws its content as a shaded box: none at all when there is nothing to say. */}
        {(flagged || role) && (
          <Flex vertical gap={12}>
            {flagged && <Alert type="warning" showIcon title={t('denied.logged')} />}
            {role && (
              <Typography.Paragraph style={{ margin: 0 }}>
                {role === 'admin' ? t('denied.signedInAsAdmin') : t('denied.signedInAsCustomer')}
              </Typography.Paragraph>
            )}
          </Flex>
        )}
      </Result>
    </CenteredPage>
  );
}
