import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/api-client';
import { profileApi, profileKey } from '../account-settings/profile-api';
import { notificationsApi } from '../notifications/notifications-api';
import { notificationKeys } from '../notifications/query-keys';
import { supportApi } from '../support/support-api';
import { supportKeys } from '../support/query-keys';

/**
 * The portal frame's own data, asked for as soon as the session is restored (preloadScreen in
 * app/routes.tsx), beside the page's: the bell's unread count, the header's name and photo, and a
 * customer's open-ticket badge. Asked by the frame's components themselves, these waited until
 * the frame had been drawn: one more round trip on a phone. The keys and calls are the hooks'
 * own (useUnreadCount, useProfile, useOpenTicketCount), so they find the answers and ask nothing
 * again. An admin's ticket badge depends on their role's permissions and is left to the sidebar.
 *
 * Sent after the page's own first data (a task later): over HTTP/1.1 a browser sends six requests
 * to a host at a time, and the dashboard's balance waits on its preferences, not on the bell.
 */
export function prefetch(client: QueryClient, user: SessionUser): void {
  setTimeout(() => {
    void client.prefetchQuery({ queryKey: notificationKeys.unreadCount(), queryFn: notificationsApi.unreadCount });
    void client.prefetchQuery({ queryKey: profileKey, queryFn: profileApi.get });
    if (user.userType === 'customer') void client.prefetchQuery({ queryKey: supportKeys.ownSummary(), queryFn: supportApi.ownSummary });
  }, 0);
}
