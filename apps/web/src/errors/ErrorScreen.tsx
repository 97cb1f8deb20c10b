import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { CenteredPage } from '../ui/CenteredPage';
import { useTranslation } from 'react-i18next';

/**
 * Spec 01 §2: 'Oops! Something went wrong' with an error id, Try Again and Go Home.
 * It is part of every first load (the top-level error boundary), so it is drawn like
 * antd's Result with plain markup: Result's status illustrations and Typography's
 * copy/edit machinery would weigh more than the rest of this screen together.
 */
export function ErrorScreen({
  errorId,
  onRetry,
  fullPage = true,
}: {
  errorId: string;
  onRetry: () => void;
  fullPage?: boolean;
}) {
  const { t } = useTranslation('errors');
  return (
    <CenteredPage fullHeight={fullPage}>
      <div className="status-screen" role="alert">
        <div className="status-screen-icon" aria-hidden="true">
          <CloseCircleFilled />
        </div>
        <h1 className="status-screen-title">{t('crash.title')}</h1>
        <div className="status-screen-subtitle">
          {t('crash.explanation')}
          <br />
          <code className="error-id">{errorId}</code>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('crash.copyId')}
            title={t('crash.copyId')}
            onClick={() => void navigator.clipboard?.writeText(errorId).catch(() => undefined)}
          />
        </div>
        <Flex gap={8} justify="center" wrap className="status-screen-extra">
          <Button type="primary" onClick={onRetry}>
            {t('crash.retry')}
          </Button>
          {/* A full load of the home page clears whatever state broke this one. */}
          <Button href="/">{t('crash.home')}</Button>
        </Flex>
      </div>
    </CenteredPage>
  );
}
