import { Param, Query } from '@nestjs/common';
import { MarkedRead, NotificationCommands, NotificationPage, RequestMeta, UnreadCount } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { NotificationListQuery } from './notifications.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's own notifications (expired ones are never shown). */
@ApiController('notifications', 'api/v1/notifications')
@SignedIn()
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'The caller\'s notifications, newest first', type: NotificationPage, errors: [400] })
  list(@Query() query: NotificationListQuery, @RequestMetadata() meta: RequestMeta): Promise<NotificationPage> {
    return this.services.send(NotificationCommands.list, { limit: query.limit, cursor: query.cursor, unreadOnly: query.unreadOnly }, meta);
  }

  @GetEndpoint('unread-count', { summary: 'How many of the caller\'s notifications are unread (the bell)', type: UnreadCount })
  unreadCount(@RequestMetadata() meta: RequestMeta): Promise<UnreadCount> {
    return this.services.send(NotificationCommands.unreadCount, {}, meta);
  }

  @ActionEndpoint('read-all', { summary: 'Mark every notification of the caller read', type: MarkedRead })
  readAll(@RequestMetadata() meta: RequestMeta): Promise<MarkedRead> {
    return this.services.send(NotificationCommands.markAllRead, {}, meta);
  }

  @ActionEndpoint(':id/read', { summary: 'Mark one notification read (another user\'s is 404)', type: MarkedRead, errors: [404] })
  read(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<MarkedRead> {
    if (!UUID.test(id)) throw ApiError.of(404, 'notification_not_found');
    return this.services.send(NotificationCommands.markRead, { notificationId: id }, meta);
  }
}
