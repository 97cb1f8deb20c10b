import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CenteredPage } from '../ui/CenteredPage';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.documentTitle'));
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <CenteredPage>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.explanation')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('notFound.home')}
          </Button>
        }
      />
    </CenteredPage>
  );
}
