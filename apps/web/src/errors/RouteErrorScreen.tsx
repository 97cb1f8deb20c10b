import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { newErrorId } from './error-id';
import { ErrorScreen } from './ErrorScreen';

/** The router's last line of defence, for errors outside the page boundary. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const [errorId] = useState(newErrorId);
  useEffect(() => {
    console.error(`[error ${errorId}]`, error);
  }, [errorId, error]);
  return <ErrorScreen errorId={errorId} onRetry={() => window.location.reload()} />;
}
