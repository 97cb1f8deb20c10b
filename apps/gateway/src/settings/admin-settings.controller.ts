import { Body, Param } from '@nestjs/common';
import { ApiBody, ApiParam, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined } from 'class-validator';
import { ADMIN_SETTING_KEYS, AdminPermissionsView, AdminSettingList, AdminSettingView, decimalSettingFields, IdentityCommands, RequestMeta, SettingHistory, withMoneyTexts, refusal } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { AdminRolePermissions } from '../auth/admin-role-permissions';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint, PutEndpoint } from '../openapi/endpoint.decorators';

export class UpdateSettingBody {
  @ApiProperty({ description: "The key's whole new value (it replaces the stored one); checked per key by identity" })
  @IsDefined(refusal('setting_value_required'))
  // The value as parsed, with the source texts of its numbers (class-transformer's copy drops them).
  @Transform(({ obj }) => (obj as { value?: unknown }).value)
  value: unknown;
}

/**
 * System Settings. Reading needs the admin role's `settings` permission (super admins
 * have all); changing needs a super admin. The gateway checks both first; identity,
 * which owns settings, checks them again.
 */
@ApiController('admin', 'api/v1/admin/settings')
export class AdminSettingsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly rolePermissions: AdminRolePermissions,
  ) {}

  @GetEndpoint({ summary: 'Every platform setting with who changed it last and its version (secrets masked)', type: AdminSettingList })
  @RequiresAdminPermission('settings')
  list(@RequestMetadata() meta: RequestMeta): Promise<AdminSettingList> {
    return this.services.send(IdentityCommands.listAdminSettings, {}, meta);
  }

  @PutEndpoint(':key', { summary: "Replace a setting's whole value (super admins only); takes effect in every service at once", type: AdminSettingView, errors: [400, 404] })
  @RequiresAdminPermission('all')
  @ApiParam({ name: 'key', enum: ADMIN_SETTING_KEYS })
  @ApiBody({ type: UpdateSettingBody })
  async update(@Param('key') key: string, @Body() body: UpdateSettingBody, @RequestMetadata() meta: RequestMeta): Promise<AdminSettingView> {
    // Decimal fields travel as the text the admin sent, so `100.001` is refused rather than rounded.
    const value = withMoneyTexts(body.value, decimalSettingFields(key));
    const changed = await this.services.send(IdentityCommands.changeSetting, { key, value }, meta);
    // This replica applies a roles change at once; the others on the change event.
    if (changed.key === 'admin_roles') this.rolePermissions.forget();
    return changed;
  }

  @GetEndpoint(':key/history', { summary: "A setting's changes, newest first: who, when, old and new value, version", type: SettingHistory, errors: [404] })
  @RequiresAdminPermission('settings')
  @ApiParam({ name: 'key', enum: ADMIN_SETTING_KEYS })
  history(@Param('key') key: string, @RequestMetadata() meta: RequestMeta): Promise<SettingHistory> {
    return this.services.send(IdentityCommands.getSettingHistory, { key }, meta);
  }
}

/** The signed-in admin's permissions, so the admin menu shows only what the role may do. */
@ApiController('admin', 'api/v1/admin/me/permissions')
@RequiresAdminPermission('any_admin')
export class AdminPermissionsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: "The caller's admin role and its current permissions (admin_roles setting)", type: AdminPermissionsView })
  mine(@RequestMetadata() meta: RequestMeta): Promise<AdminPermissionsView> {
    return this.services.send(IdentityCommands.getMyAdminPermissions, {}, meta);
  }
}
