import 'reflect-metadata';
import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Actor, AdminPermissionsView, errorBody } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { GatewayConfig } from '../config/gateway-environment';
import { NatsConnectionHolder } from '../connections/nats-connection.holder';
import { ApiError } from '../http/api-error';
import { RequiresAdminPermission } from './access.decorators';
import { AdminAccessDenial } from './admin-access';
import { AdminPermissionGuard } from './admin-permission.guard';
import { AdminRolePermissions } from './admin-role-permissions';

@Controller('api/v1/admin/transactions')
@RequiresAdminPermission('transactions')
class TransactionsController {
  @Get()
  list() {
    return [];
  }

  @Get('audit')
  @RequiresAdminPermission('all')
  audit() {
    return [];
  }

  @Get('stats')
  @RequiresAdminPermission('any_admin')
  stats() {
    return [];
  }
}

@Controller('api/v1/admin/forgotten')
class UndeclaredAdminController {
  @Get()
  list() {
    return [];
  }
}

@Controller('api/v1/me')
class OwnController {
  @Get()
  list() {
    return [];
  }
}

function contextFor(controller: new () => object, handler: string, path: string, user?: Actor): ExecutionContext {
  // The part of a Fastify request the guard reads.
  const request = { user, method: 'GET', url: path, raw: { url: path }, headers: {} };
  return {
    getType: () => 'http',
    getHandler: () => (controller.prototype as Record<string, unknown>)[handler],
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const config = { environment: { ADMIN_PERMISSIONS_CACHE_MS: 60_000 } } as GatewayConfig;
const actor = (adminRole: Actor['adminRole'], userType: Actor['userType'] = 'admin'): Actor => ({ userId: `${adminRole}-user`, sessionId: 's', userType, adminRole });

describe('AdminPermissionGuard', () => {
  let answer: (role: string) => Promise<AdminPermissionsView>;
  let sent: { subject: string; payload: unknown }[];
  let guard: AdminPermissionGuard;
  const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;

  beforeEach(() => {
    sent = [];
    const roles: Record<string, string[]> = { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], support: ['tickets', 'notifications'] };
    answer = async (role) => ({ adminRole: role, permissions: roles[role] ?? [] });
    const services = {
      send: jest.fn(async (command: { subject: string }, payload: unknown, meta: { actor: Actor }) => {
        sent.push({ subject: command.subject, payload });
        if (command.subject === 'identity.settings.my-admin-permissions.v1') return answer(meta.actor.adminRole ?? '');
        return { id: 'audit-id' };
      }),
    } as unknown as ServiceClient;
    const permissions = new AdminRolePermissions(config, services, { connected: null } as NatsConnectionHolder, logger);
    guard = new AdminPermissionGuard(new Reflector(), permissions, new AdminAccessDenial(services, logger), logger);
  });

  const recorded = () => sent.filter((entry) => entry.subject !== 'identity.settings.my-admin-permissions.v1').map((entry) => entry.payload);

  it("lets an admin through when the role's current permissions include the route's", async () => {
    await expect(guard.canActivate(contextFor(TransactionsController, 'list', '/api/v1/admin/transactions', actor('admin')))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(TransactionsController, 'list', '/api/v1/admin/transactions', actor('super_admin')))).resolves.toBe(true);
    expect(recorded()).toEqual([]);
  });

  it('refuses a role without the permission with 403 and records the attempt with the missing permission', async () => {
    const refused = await guard.canActivate(contextFor(TransactionsController, 'list', '/api/v1/admin/transactions', actor('support'))).catch((error: ApiError) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Access denied. Your admin role does not include transactions.',
      code: 'admin_role_lacks_permission',
      params: { permission: 'transactions' },
    });
    expect(recorded()).toEqual([{ type: 'unauthorized_access', path: '/api/v1/admin/transactions', method: 'GET', source: 'gateway', details: 'support lacks permission transactions' }]);
  });

  it("keeps 'all' routes to super administrators, whatever else a role has", async () => {
    const refused = await guard.canActivate(contextFor(TransactionsController, 'audit', '/api/v1/admin/transactions/audit', actor('admin'))).catch((error: ApiError) => error);
    expect((refused as ApiError).body).toMatchObject({ statusCode: 403, message: 'Access denied. Only super administrators can do this.', code: 'super_admin_only' });
    await expect(guard.canActivate(contextFor(TransactionsController, 'audit', '/api/v1/admin/transactions/audit', actor('super_admin')))).resolves.toBe(true);
  });

  it("lets every admin through 'any_admin' routes without asking identity", async () => {
    await expect(guard.canActivate(contextFor(TransactionsController, 'stats', '/api/v1/admin/transactions/stats', actor('support')))).resolves.toBe(true);
    expect(sent).toEqual([]);
  });

  it('refuses an admin route that declares no permission, even to a super administrator', async () => {
    const refused = await guard.canActivate(contextFor(UndeclaredAdminController, 'list', '/api/v1/admin/forgotten', actor('super_admin'))).catch((error: ApiError) => error);
    expect((refused as ApiError).body).toMatchObject({ statusCode: 403, code: 'forbidden' });
    expect(logger.error).toHaveBeenCalled();
  });

  it('leaves routes outside the admin area alone', async () => {
    await expect(guard.canActivate(contextFor(OwnController, 'list', '/api/v1/me', actor(null, 'customer')))).resolves.toBe(true);
    expect(sent).toEqual([]);
  });

  it('answers 503, never 500, when identity cannot say what the role may do', async () => {
    for (const failure of [new ServiceCallError(errorBody(503, 'The identity service is unavailable. Please try again shortly.')), new ServiceCallError(errorBody(500, 'boom')), new Error('NATS is not connected yet')]) {
      answer = () => Promise.reject(failure);
      const refused = await guard.canActivate(contextFor(TransactionsController, 'list', '/api/v1/admin/transactions', actor('admin'))).catch((error: ApiError) => error);
      expect((refused as ApiError).getStatus()).toBe(503);
      if (!(failure instanceof ServiceCallError && failure.body.statusCode === 503)) {
        expect((refused as ApiError).body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Your admin permissions could not be checked. Please try again shortly.',
          code: 'admin_permissions_unavailable',
        });
      }
    }
  });

  it('refuses with 403 when identity no longer knows the caller as an admin', async () => {
    answer = () => Promise.reject(new ServiceCallError(errorBody(403, 'Access denied. You do not have permission to access admin areas.')));
    const refused = await guard.canActivate(contextFor(TransactionsController, 'list', '/api/v1/admin/transactions', actor('admin'))).catch((error: ApiError) => error);
    expect((refused as ApiError).body).toMatchObject({ statusCode: 403, code: 'admin_role_lacks_permission', params: { permission: 'transactions' } });
  });
});

describe('AdminRolePermissions', () => {
  const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;

  it('asks identity once per role while its answer is fresh, again after an admin_roles change, and never remembers a failure', async () => {
    let calls = 0;
    let fail = false;
    const services = {
      send: jest.fn(async (_command: unknown, _payload: unknown, meta: { actor: Actor }) => {
        calls += 1;
        if (fail) throw new ServiceCallError(errorBody(503, 'down'));
        return { adminRole: meta.actor.adminRole, permissions: ['tickets'] };
      }),
    } as unknown as ServiceClient;
    const permissions = new AdminRolePermissions(config, services, { connected: null } as NatsConnectionHolder, logger);
    const support = actor('support');
    await expect(Promise.all([permissions.of(support, {}), permissions.of({ ...support, userId: 'another' }, {})])).resolves.toEqual([['tickets'], ['tickets']]);
    expect(calls).toBe(1);
    await permissions.of(actor('moderator'), {});
    expect(calls).toBe(2);

    permissions.forget();
    fail = true;
    await expect(permissions.of(support, {})).rejects.toBeInstanceOf(ServiceCallError);
    fail = false;
    await expect(permissions.of(support, {})).resolves.toEqual(['tickets']);
    expect(calls).toBe(4);
  });

  it("does not keep an answer for another role than the token's under the token's role", async () => {
    let calls = 0;
    const services = {
      send: jest.fn(async () => {
        calls += 1;
        return { adminRole: 'support', permissions: ['tickets'] };
      }),
    } as unknown as ServiceClient;
    const permissions = new AdminRolePermissions(config, services, { connected: null } as NatsConnectionHolder, logger);
    await expect(permissions.of(actor('admin'), {})).resolves.toEqual(['tickets']);
    await permissions.of(actor('admin'), {});
    expect(calls).toBe(2);
  });
});
