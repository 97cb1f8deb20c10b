import { type ComponentProps, lazy, Suspense } from 'react';

const Alert = lazy(() => import('antd/es/alert'));

/**
 * antd's Alert, loaded when one is first shown: the sign-in page shows one only after a
 * refusal or a session that ended, so its first load stays within the budget.
 */
export function LazyAlert(props: ComponentProps<typeof Alert>) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
