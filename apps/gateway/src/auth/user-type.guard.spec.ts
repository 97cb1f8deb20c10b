import 'reflect-metadata';
import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Actor } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { RequiresAdminPermission } from './access.decorators';
import { AdminAccessDenial } from './admin-access';
import { UserTypeGuard } from './user-type.guard';

@Controller('api/v1/admin/reports')
@RequiresAdminPermission('reports')
class ReportsController {
  @Get()
  list() {
    return [];
  }
}

class OpenController {
  list() {
    return [];
  }
}

function contextFor(controller: new () => object, user?: Actor): ExecutionContext {
  const request = { user, method: 'GET', originalUrl: '/api/v1/admin/reports' };
  return {
    getType: () => 'http',
    getHandler: () => controller.prototype.list,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

describe('UserTypeGuard', () => {
  const customer: Actor = { userId: 'c', sessionId: 's', userType: 'customer', adminRole: null };
  const admin: Actor = { userId: 'a', sessionId: 's', userType: 'admin', adminRole: 'support' };
  const denial = { deny: jest.fn(() => ApiError.of(403, 'admin_access_denied')) };
  const guard = new UserTypeGuard(new Reflector(), denial as unknown as AdminAccessDenial);

  beforeEach(() => denial.deny.mockClear());

  it('lets admins through admin routes', () => {
    expect(guard.canActivate(contextFor(ReportsController, admin))).toBe(true);
  });

  it('refuses customers on admin routes through the recorded denial', () => {
    expect(() => guard.canActivate(contextFor(ReportsController, customer))).toThrow(ApiError);
    expect(denial.deny).toHaveBeenCalledWith(expect.objectContaining({ originalUrl: '/api/v1/admin/reports' }), customer);
  });

  it('leaves routes without a role requirement alone', () => {
    expect(guard.canActivate(contextFor(OpenController, customer))).toBe(true);
    expect(denial.deny).not.toHaveBeenCalled();
  });
});
