import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { connectIdentityConfirmation } from '../api/http';

// The dialog (antd's Modal and Form) is loaded the first time it is needed, not with every
// signed-in page: most visits never see it, and it was a fifth of the dashboard's first-load script.
const ReauthenticationDialog = lazy(() => import('./ReauthenticationDialog'));

/**
 * Where "Confirm it's you" plugs into the HTTP layer. An action that needs a recent sign-in (a
 * withdrawal, for one) waits there while the person gives their password, an authenticator code
 * or a passkey in the dialog; then it is sent again as it was, so nothing typed into the form is
 * lost. Several actions refused at once share one dialog.
 */
export function ReauthenticationHost() {
  // Each request for confirmation mounts a fresh dialog (its key), even while the last one is closing.
  const [round, setRound] = useState<number | null>(null);
  const waiting = useRef<{ promise: Promise<boolean>; settle: (confirmed: boolean) => void } | null>(null);

  useEffect(
    () =>
      connectIdentityConfirmation(() => {
        if (!waiting.current) {
          let settle: (confirmed: boolean) => void = () => undefined;
          const promise = new Promise<boolean>((resolve) => {
            settle = resolve;
          });
          waiting.current = { promise, settle };
          setRound((previous) => (previous ?? 0) + 1);
        }
        return waiting.current.promise;
      }),
    [],
  );

  const answer = useCallback((confirmed: boolean) => {
    waiting.current?.settle(confirmed);
    waiting.current = null;
  }, []);
  const closed = useCallback(() => {
    if (!waiting.current) setRound(null);
  }, []);

  return round === null ? null : (
    <Suspense fallback={null}>
      <ReauthenticationDialog key={round} onAnswer={answer} onClosed={closed} />
    </Suspense>
  );
}
