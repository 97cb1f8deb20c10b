import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { CenteredPage } from '../ui/CenteredPage';

/** Spec 01 §2: 'Oops! Something went wrong' with an error id, Try Again and Go Home. */
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
      <Result
        status="error"
        title="Oops! Something went wrong"
        subTitle={
          <>
            An unexpected error stopped this page. If it keeps happening, contact support and quote this error id:
            <br />
            <Typography.Text code copyable>
              {errorId}
            </Typography.Text>
          </>
        }
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" onClick={onRetry}>
              Try Again
            </Button>
            {/* A full load of the home page clears whatever state broke this one. */}
            <Button href="/">Go Home</Button>
          </Flex>
        }
      />
    </CenteredPage>
  );
}
