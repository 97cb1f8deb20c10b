import { DataSource } from 'typeorm';
import { Actor, adminRoleAllows, CustomerViewRecorded, RecordCustomerViewPayload, RequestMeta } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { User } from '../users/user.entity';
import { recordAudit } from './record-audit';

/**
 * An admin reading a customer's portal (issue 30's read-only customer view), recorded
 * before the gateway reads anything: the gateway shows nothing unless this answers. Only
 * an active admin whose role has the users permission, as stored now (not as the token
 * says), may record one, and only about a customer: an unknown or deleted id is 404, an
 * administrator's 400. The answer names the customer for the view's banner.
 */
export function recordCustomerView(dataSource: DataSource, payload: RecordCustomerViewPayload, actor: Actor | null, meta: RequestMeta): Promise<CustomerViewRecorded> {
  return dataSource.transaction(async (manager) => {
    const caller = actor
      ? await manager.findOne(User, { where: { id: actor.userId }, select: { id: true, email: true, userType: true, userStatus: true, adminRole: true } })
      : null;
    if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'forbidden');
    const roles = await manager.findOneBy(SystemSetting, { settingKey: SettingKeys.adminRoles });
    if (!adminRoleAllows(roles?.settingValue, caller.adminRole, 'users')) throw ServiceError.of(403, 'forbidden');

    const customer = await manager.findOneBy(User, { id: payload.userId });
    if (!customer) throw ServiceError.of(404, 'user_not_found');
    if (customer.userType !== 'customer') throw ServiceError.of(400, 'customer_view_not_a_customer');

    const row = await recordAudit(manager, {
      category: 'admin_action',
      actionType: 'customer_viewed',
      actor: { userId: caller.id, email: caller.email },
      targetType: 'user',
      targetId: customer.id,
      description: `Viewed a customer's ${payload.section.replace(/_/g, ' ')} (read only)`,
      metadata: {
        section: payload.section,
        ...(payload.ticketId ? { ticketId: payload.ticketId } : {}),
        adminRole: caller.adminRole,
        userAgent: meta.userAgent?.slice(0, 500),
        requestId: meta.requestId,
      },
      clientIp: meta.clientIp ?? null,
    });
    return {
      id: row.id,
      customer: {
        id: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        kycStatus: customer.kycStatus,
        userStatus: customer.userStatus,
        createdAt: customer.createdAt.toISOString(),
      },
    };
  });
}
