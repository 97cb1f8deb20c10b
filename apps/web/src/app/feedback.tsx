// The hooks from their own modules, as antd's App imports them: the message and
// notification indexes add the static (global) API, which the app does not use.
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

type MessageApi = ReturnType<typeof useMessage>[0];
type NotificationApi = ReturnType<typeof useNotification>[0];

/** Toasts and short messages, themed by the surrounding ConfigProvider. */
export interface Feedback {
  message: MessageApi;
  notification: NotificationApi;
}

const FeedbackContext = createContext<Feedback | null>(null);

/** Spec 01 §4/§9: one toast at a time, shown for five seconds. */
const TOASTS = { maxCount: 1, duration: 5 } as const;

/**
 * What antd's <App> gave us (message and notification through context), without its
 * `modal`: App imports the whole Modal, Dialog and Skeleton into every first load. A
 * page that needs a confirmation dialog uses Modal.useModal() and loads it with itself.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = useMessage({ maxCount: 1 });
  const [notificationApi, notificationHolder] = useNotification(TOASTS);
  const feedback = useMemo(() => ({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  return (
    <FeedbackContext.Provider value={feedback}>
      {messageHolder}
      {notificationHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

/** The app's toasts: use this, not antd's App.useApp() (there is no antd <App> above). */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback() needs a <FeedbackProvider> above it');
  return feedback;
}
