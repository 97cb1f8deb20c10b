import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CenteredPage } from '../ui/CenteredPage';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <CenteredPage>
      <Result
        status="404"
        title="Oops! Page not found"
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return to Home
          </Button>
        }
      />
    </CenteredPage>
  );
}
