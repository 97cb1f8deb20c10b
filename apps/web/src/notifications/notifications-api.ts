import { getOutsideContract } from '../api/http';

/**
 * NOT IN THE CONTRACT YET: the gateway does not serve GET /api/v1/notifications/unread-count
 * (it answers 404 until the notification endpoints are built), so the generated client has
 * no path or type for it. Until it does, the call goes through `getOutsideContract` (same
 * origin, token, renewal and errors as every call) and its answer is checked here rather
 * than trusted. Once the gateway publishes the endpoint: regenerate @portal/api-client and
 * use `callGateway((client, init) => client.GET('/api/v1/notifications/unread-count', init))`.
 */
function isUnreadCount(body: unknown): body is { count: number } {
  return typeof body === 'object' && body !== null && typeof (body as { count?: unknown }).count === 'number';
}

export const notificationsApi = {
  /** The signed-in user's unread notifications; rejects with an ApiError (404 today). */
  unreadCount: async (): Promise<number> =>
    (await getOutsideContract('/api/v1/notifications/unread-count', isUnreadCount)).count,
};
