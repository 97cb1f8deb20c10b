import { Body, Controller, Delete, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityCommands, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { AdminUserSummary, ChangeAdminRoleBody, SuspendUserBody, UserDeletedBody } from './admin-users.dto';

const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'This account does not exist.', { code: 'user_not_found' }) });

/** Account decisions of User and Admin Management; identity checks the admin's permission and ends sessions. */
@ApiTags('admin')
@ApiCommonErrors()
@AdminOnly()
@Controller('api/v1/admin/users')
export class AdminUsersController {
  constructor(private readonly services: ServiceClient) {}

  @Post(':id/suspend')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Suspend an account: its sessions and access tokens stop working at once' })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(400, 404, 409)
  suspend(@Param('id', userId) id: string, @Body() body: SuspendUserBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.suspendUser, { userId: id, reason: body.reason }, meta);
  }

  @Post(':id/activate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Re-activate a suspended account' })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(404, 409)
  activate(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.activateUser, { userId: id }, meta);
  }

  @Put(':id/admin-role')
  @ApiOperation({ summary: "Change an administrator's role (super admins only); their sessions end so it applies at once" })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(400, 404, 409)
  changeAdminRole(@Param('id', userId) id: string, @Body() body: ChangeAdminRoleBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.changeAdminRole, { userId: id, adminRole: body.adminRole }, meta);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an account (super admins only); its sessions end at once' })
  @ApiOkResponse({ type: UserDeletedBody })
  @ApiErrorResponses(404, 409)
  delete(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<UserDeletedBody> {
    return this.services.send(IdentityCommands.deleteUser, { userId: id }, meta);
  }
}
