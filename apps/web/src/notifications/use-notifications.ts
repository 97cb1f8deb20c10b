import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api';
import { notificationKeys } from './query-keys';

/** The newest notifications, for the bell's dropdown (loaded when it opens). */
export function useNotificationList(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.list(), queryFn: () => notificationsApi.list(20), enabled, staleTime: 30_000 });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => notificationsApi.markRead(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
