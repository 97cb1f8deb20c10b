import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminUserPage, CreateAdminPayload, IdentityCommands, ListUsersPayload, RequestMeta, SessionUser } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { AdminUserSummary, ChangeAdminRoleBody, SuspendUserBody, UserDeletedBody } from './admin-users.dto';

const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'user_not_found') });

/** Account decisions of User and Admin Management; identity checks the admin's permission and ends sessions. */
@ApiTags('admin')
@ApiCommonErrors()
@Controller('api/v1/admin/users')
export class AdminUsersController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @RequiresAdminPermission('users')
  @ApiOperation({ summary: 'Accounts, newest first: search by name or email, filters status, KYC status and type, pages with the total and counts' })
  @ApiOkResponse({ type: AdminUserPage })
  @ApiErrorResponses(400)
  list(@Query() query: ListUsersPayload, @RequestMetadata() meta: RequestMeta): Promise<AdminUserPage> {
    return this.services.send(
      IdentityCommands.listUsers,
      { q: query.q, status: query.status, kycStatus: query.kycStatus, userType: query.userType, limit: query.limit, cursor: query.cursor },
      meta,
    );
  }

  @Post(':id/suspend')
  @RequiresAdminPermission('users')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Suspend an account: its sessions and access tokens stop working at once' })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(400, 404, 409)
  suspend(@Param('id', userId) id: string, @Body() body: SuspendUserBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.suspendUser, { userId: id, reason: body.reason }, meta);
  }

  @Post(':id/activate')
  @RequiresAdminPermission('users')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Re-activate a suspended account' })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(404, 409)
  activate(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.activateUser, { userId: id }, meta);
  }

  @Put(':id/admin-role')
  @RequiresAdminPermission('all')
  @ApiOperation({ summary: "Change an administrator's role (super admins only); their sessions end so it applies at once" })
  @ApiOkResponse({ type: AdminUserSummary })
  @ApiErrorResponses(400, 404, 409)
  changeAdminRole(@Param('id', userId) id: string, @Body() body: ChangeAdminRoleBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.changeAdminRole, { userId: id, adminRole: body.adminRole }, meta);
  }

  @Delete(':id')
  @RequiresAdminPermission('all')
  @ApiOperation({ summary: 'Delete an account (super admins only): its sessions end at once, it is closed and its personal data anonymised' })
  @ApiOkResponse({ type: UserDeletedBody })
  @ApiErrorResponses(404, 409)
  delete(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<UserDeletedBody> {
    return this.services.send(IdentityCommands.deleteUser, { userId: id }, meta);
  }
}

/** The Create Admin dialog: super admins only, checked by identity with the spec's messages. */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('all')
@Controller('api/v1/admin/admins')
export class AdminAccountsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Create an administrator with a role (super_admin, admin, moderator, support)' })
  @ApiCreatedResponse({ type: SessionUser })
  @ApiErrorResponses(400, 409)
  create(@Body() body: CreateAdminPayload, @RequestMetadata() meta: RequestMeta): Promise<SessionUser> {
    return this.services.send(
      IdentityCommands.createAdmin,
      { firstName: body.firstName, lastName: body.lastName, email: body.email, password: body.password, confirmPassword: body.confirmPassword, adminRole: body.adminRole },
      meta,
    );
  }
}
