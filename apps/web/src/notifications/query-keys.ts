/** Every notification query starts with 'notifications', so a live update invalidates them all at once. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  stats: () => [...notificationKeys.all, 'admin-stats'] as const,
  failedEmails: () => [...notificationKeys.all, 'failed-emails'] as const,
};
