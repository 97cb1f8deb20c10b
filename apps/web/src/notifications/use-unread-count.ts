import { useQuery } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api';
import { notificationKeys } from './query-keys';

/** The signed-in user's unread notifications; undefined while unknown or unavailable. */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: notificationsApi.unreadCount,
    // A badge goes stale quickly; the default five minutes is too long for it.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  return data;
}
