import { Body, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { AdminUserPage, CreateAdminPayload, IdentityCommands, ListUsersPayload, RequestMeta, SessionUser } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, DeleteEndpoint, GetEndpoint, PostEndpoint, PutEndpoint } from '../openapi/endpoint.decorators';
import { AdminUserSummary, ChangeAdminRoleBody, SuspendUserBody, UserDeletedBody } from './admin-users.dto';

const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'user_not_found') });

/** Account decisions of User and Admin Management; identity checks the admin's permission and ends sessions. */
@ApiController('admin', 'api/v1/admin/users')
export class AdminUsersController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'Accounts, newest first: search by name or email, filters status, KYC status and type, pages with the total and counts', type: AdminUserPage, errors: [400] })
  @RequiresAdminPermission('users')
  list(@Query() query: ListUsersPayload, @RequestMetadata() meta: RequestMeta): Promise<AdminUserPage> {
    return this.services.send(
      IdentityCommands.listUsers,
      { q: query.q, status: query.status, kycStatus: query.kycStatus, userType: query.userType, limit: query.limit, cursor: query.cursor },
      meta,
    );
  }

  @ActionEndpoint(':id/suspend', { summary: 'Suspend an account: its sessions and access tokens stop working at once', type: AdminUserSummary, errors: [400, 404, 409] })
  @RequiresAdminPermission('users')
  suspend(@Param('id', userId) id: string, @Body() body: SuspendUserBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.suspendUser, { userId: id, reason: body.reason }, meta);
  }

  @ActionEndpoint(':id/activate', { summary: 'Re-activate a suspended account', type: AdminUserSummary, errors: [404, 409] })
  @RequiresAdminPermission('users')
  activate(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.activateUser, { userId: id }, meta);
  }

  @PutEndpoint(':id/admin-role', { summary: "Change an administrator's role (super admins only); their sessions end so it applies at once", type: AdminUserSummary, errors: [400, 404, 409] })
  @RequiresAdminPermission('all')
  changeAdminRole(@Param('id', userId) id: string, @Body() body: ChangeAdminRoleBody, @RequestMetadata() meta: RequestMeta): Promise<AdminUserSummary> {
    return this.services.send(IdentityCommands.changeAdminRole, { userId: id, adminRole: body.adminRole }, meta);
  }

  @DeleteEndpoint(':id', { summary: 'Delete an account (super admins only): its sessions end at once, it is closed and its personal data anonymised', type: UserDeletedBody, errors: [404, 409] })
  @RequiresAdminPermission('all')
  delete(@Param('id', userId) id: string, @RequestMetadata() meta: RequestMeta): Promise<UserDeletedBody> {
    return this.services.send(IdentityCommands.deleteUser, { userId: id }, meta);
  }
}

/** The Create Admin dialog: super admins only, checked by identity with the spec's messages. */
@RequiresAdminPermission('all')
@ApiController('admin', 'api/v1/admin/admins')
export class AdminAccountsController {
  constructor(private readonly services: ServiceClient) {}

  @PostEndpoint({ summary: 'Create an administrator with a role (super_admin, admin, moderator, support)', type: SessionUser, errors: [400, 409] })
  create(@Body() body: CreateAdminPayload, @RequestMetadata() meta: RequestMeta): Promise<SessionUser> {
    return this.services.send(
      IdentityCommands.createAdmin,
      { firstName: body.firstName, lastName: body.lastName, email: body.email, password: body.password, confirmPassword: body.confirmPassword, adminRole: body.adminRole },
      meta,
    );
  }
}
