import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { WindowCounters } from '../redis/window-counters';
import { LINK_QUOTA_WINDOW_SECONDS, MAX_LINKS_PER_EMAIL_PER_HOUR } from './email-links';
import { privacyKey } from './opaque-token';

export type EmailLinkKind = 'confirmation' | 'password-reset' | 'email-change';

/** At most five links of a kind per address and hour, so nobody can flood a mailbox through us. */
@Injectable()
export class EmailLinkQuota {
  constructor(
    private readonly counters: WindowCounters,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Counts a link to this address; false once the hour's quota is used up. */
  async allow(kind: EmailLinkKind, email: string): Promise<boolean> {
    try {
      return await this.counters.tryConsume(`identity:link-quota:${kind}:${privacyKey(email)}`, MAX_LINKS_PER_EMAIL_PER_HOUR, LINK_QUOTA_WINDOW_SECONDS);
    } catch (error) {
      // Better an extra email while Redis is away than a person locked out of their account.
      this.logger.warn({ err: String(error), kind }, 'email link quota unavailable; sending anyway');
      return true;
    }
  }
}
