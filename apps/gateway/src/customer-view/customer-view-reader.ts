import { Inject, Injectable } from '@nestjs/common';
import { CommandDefinition, CustomerViewAccount, CustomerViewSection, IdentityCommands, RequestMeta } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';

/** Identity's answers passed on as they are: the admin refused (401/403), the customer unknown (404) or an admin (400). */
const PASSED_ON = new Set([400, 401, 403, 404]);

/**
 * Issue 30's read-only customer view: an admin with the users permission reads what a
 * customer's own screens show, without signing in as them. Every read is first recorded
 * in identity's audit trail (admin_action `customer_viewed`, the admin as actor, the
 * customer as target, the section in the metadata); identity also checks the admin (as
 * stored now) and that the target is a customer. Nothing is read unless the record was
 * written: when it cannot be, the view is refused with 503, as an export is.
 */
@Injectable()
export class CustomerViewReader {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records the view and answers who the customer is. */
  async record(userId: string, section: CustomerViewSection, meta: RequestMeta, ticketId?: string): Promise<CustomerViewAccount> {
    try {
      const recorded = await this.services.send(IdentityCommands.recordCustomerView, { userId, section, ...(ticketId ? { ticketId } : {}) }, meta);
      return recorded.customer;
    } catch (error) {
      if (error instanceof ServiceCallError && PASSED_ON.has(error.body.statusCode)) throw error;
      this.logger.warn({ err: error instanceof Error ? error.message : String(error), section, userId: meta.actor?.userId }, 'customer view refused: its audit record could not be written');
      throw ApiError.of(503, 'service_unavailable', { params: { name: 'identity' } });
    }
  }

  /**
   * Records the view, then sends one of the customer's own read commands on the customer's
   * behalf: the gateway states the customer as the actor, as it does for the customer's own
   * requests (it is the process that vouches for actors). Only pure reads come here: each
   * command a use case names was checked to change nothing (no "read" marks, no locks).
   */
  async readAs<P extends object, R>(userId: string, section: CustomerViewSection, command: CommandDefinition<P, R>, payload: P, meta: RequestMeta, ticketId?: string): Promise<R> {
    await this.record(userId, section, meta, ticketId);
    return this.services.send(command, payload, asCustomer(userId, meta));
  }
}

/** The admin's request, with the customer as the actor of a read; the request id stays the admin's, for tracing. */
function asCustomer(userId: string, meta: RequestMeta): RequestMeta {
  return { ...meta, actor: { userId, userType: 'customer', adminRole: null, sessionId: meta.actor?.sessionId ?? 'customer-view' } };
}
