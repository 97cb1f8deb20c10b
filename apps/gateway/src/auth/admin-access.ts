import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Actor, IdentityCommands, RecordSecurityEventPayload } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { requestMeta } from '../http/request-context';

export const ADMIN_ACCESS_DENIED = 'Access denied. You do not have permission to access admin areas.';

/**
 * Refuses a signed-in non-admin in the admin area and records the attempt as a security
 * event in identity's audit log. The record is sent without waiting: a slow or stopped
 * identity never delays or changes the 403.
 */
@Injectable()
export class AdminAccessDenial {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  deny(req: Request, actor: Actor): ApiError {
    const path = req.originalUrl.split('?')[0].slice(0, 200);
    const payload: RecordSecurityEventPayload = { type: 'unauthorized_access', path, method: req.method, source: 'gateway' };
    this.services
      .send(IdentityCommands.recordSecurityEvent, payload, { ...requestMeta(req), actor })
      .catch((error: Error) => this.logger.warn({ err: error.message, path, userId: actor.userId }, 'could not record an unauthorized admin access attempt'));
    return ApiError.of(403, ADMIN_ACCESS_DENIED, { code: 'admin_access_denied' });
  }
}
