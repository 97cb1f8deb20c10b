import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Actor, IdentityCommands, MessageParams, missingPermissionRefusal, RecordSecurityEventPayload, UserMessageCode } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { pathOf, requestMeta } from '../http/request-context';

/** Why an admin's role cannot use an admin endpoint (a catalogue code and its values), and what is recorded with it. */
export interface PermissionRefusal {
  /** The permission the endpoint declares, kept in the security event's metadata. */
  permission: string;
  code: UserMessageCode;
  params?: MessageParams;
}

/** The refusal of an admin whose role lacks `permission`, in the words every service uses (missingPermissionRefusal). */
export function lacksPermission(permission: string): PermissionRefusal {
  return { permission, ...missingPermissionRefusal(permission) };
}

/**
 * Refuses a signed-in non-admin in the admin area, or an admin whose role lacks the
 * endpoint's permission, and records the attempt as a security event in identity's audit log. The record is sent without waiting: a slow or stopped
 * identity never delays or changes the 403.
 */
@Injectable()
export class AdminAccessDenial {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  deny(req: FastifyRequest, actor: Actor, refusal?: PermissionRefusal): ApiError {
    const path = pathOf(req).slice(0, 200);
    const payload: RecordSecurityEventPayload = { type: 'unauthorized_access', path, method: req.method, source: 'gateway' };
    if (refusal) payload.details = `${actor.adminRole ?? 'admin'} lacks permission ${refusal.permission}`;
    this.services
      .send(IdentityCommands.recordSecurityEvent, payload, { ...requestMeta(req), actor })
      .catch((error: Error) => this.logger.warn({ err: error.message, path, userId: actor.userId }, 'could not record an unauthorized admin access attempt'));
    if (refusal) return ApiError.of(403, refusal.code, { params: refusal.params });
    return ApiError.of(403, 'admin_access_denied');
  }
}
