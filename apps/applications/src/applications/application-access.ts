import { Injectable } from '@nestjs/common';
import { Actor, adminRoleAllows } from '@portal/contracts';
import { PlatformSettings, ServiceError } from '@portal/messaging';

/** The 404 for an application that does not exist for the caller (another person's included). */
export function applicationNotFound(): ServiceError {
  return ServiceError.of(404, 'application_not_found');
}

/** Who may do what with applications: signed-in people, customers, and admins with the investments permission. */
@Injectable()
export class ApplicationAccess {
  constructor(private readonly settings: PlatformSettings) {}

  signedIn(actor: Actor | null): Actor {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    return actor;
  }

  customer(actor: Actor | null): Actor {
    const caller = this.signedIn(actor);
    if (caller.userType !== 'customer') throw ServiceError.of(403, 'customers_only');
    return caller;
  }

  /** An admin whose role has the investments permission (admin_roles setting; super admins have all). */
  admin(actor: Actor | null): Actor {
    const caller = this.signedIn(actor);
    if (caller.userType !== 'admin' || !this.adminMay(caller)) throw ServiceError.of(403, 'forbidden');
    return caller;
  }

  /** Whether the caller is an admin who may read any person's application. */
  isInvestmentsAdmin(caller: Actor): boolean {
    return caller.userType === 'admin' && this.adminMay(caller);
  }

  private adminMay(caller: Actor): boolean {
    return adminRoleAllows(this.settings.get<unknown>('admin_roles'), caller.adminRole, 'investments');
  }
}
