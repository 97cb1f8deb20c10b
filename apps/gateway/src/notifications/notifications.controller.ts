import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MarkedRead, NotificationCommands, NotificationPage, RequestMeta, UnreadCount } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { NotificationListQuery } from './notifications.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's own notifications (expired ones are never shown). */
@ApiTags('notifications')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/notifications')
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The caller\'s notifications, newest first' })
  @ApiOkResponse({ type: NotificationPage })
  @ApiErrorResponses(400)
  list(@Query() query: NotificationListQuery, @RequestMetadata() meta: RequestMeta): Promise<NotificationPage> {
    return this.services.send(NotificationCommands.list, { limit: query.limit, cursor: query.cursor, unreadOnly: query.unreadOnly }, meta);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many of the caller\'s notifications are unread (the bell)' })
  @ApiOkResponse({ type: UnreadCount })
  unreadCount(@RequestMetadata() meta: RequestMeta): Promise<UnreadCount> {
    return this.services.send(NotificationCommands.unreadCount, {}, meta);
  }

  @Post('read-all')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mark every notification of the caller read' })
  @ApiOkResponse({ type: MarkedRead })
  readAll(@RequestMetadata() meta: RequestMeta): Promise<MarkedRead> {
    return this.services.send(NotificationCommands.markAllRead, {}, meta);
  }

  @Post(':id/read')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mark one notification read (another user\'s is 404)' })
  @ApiOkResponse({ type: MarkedRead })
  @ApiErrorResponses(404)
  read(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<MarkedRead> {
    if (!UUID.test(id)) throw ApiError.of(404, 'notification_not_found');
    return this.services.send(NotificationCommands.markRead, { notificationId: id }, meta);
  }
}
