import { useQuery } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api';
import { notificationKeys } from './query-keys';

/** The signed-in user's unread notifications; undefined while unknown or unavailable. */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: notificationsApi.unreadCount,
    // Live updates invalidate it the moment something arrives; the minute's refetch is
    // only a safety net for a stream that is down.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  return data;
}
