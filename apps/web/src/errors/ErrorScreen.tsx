import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { CenteredPage } from '../ui/CenteredPage';

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
  return (
    <CenteredPage fullHeight={fullPage}>
      <div className="status-screen" role="alert">
        <div className="status-screen-icon" aria-hidden="true">
          <CloseCircleFilled />
        </div>
        <h1 className="status-screen-title">Oops! Something went wrong</h1>
        <div className="status-screen-subtitle">
          An unexpected error stopped this page. If it keeps happening, contact support and quote this error id:
          <br />
          <code className="error-id">{errorId}</code>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label="Copy error id"
            title="Copy error id"
            onClick={() => void navigator.clipboard?.writeText(errorId).catch(() => undefined)}
          />
        </div>
        <Flex gap={8} justify="center" wrap className="status-screen-extra">
          <Button type="primary" onClick={onRetry}>
            Try Again
          </Button>
          {/* A full load of the home page clears whatever state broke this one. */}
          <Button href="/">Go Home</Button>
        </Flex>
      </div>
    </CenteredPage>
  );
}
