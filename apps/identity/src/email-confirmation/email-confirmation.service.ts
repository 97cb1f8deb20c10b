import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AuthSession,
  IdentityEvents,
  RequestMeta,
  ResendConfirmationPayload,
  ResendConfirmationResult,
  UserConfirmedEvent,
} from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { lockAccount } from '../sessions/account-lock';
import { SessionsService } from '../sessions/sessions.service';
import { AfterReply } from '../tokens/after-reply';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { hashOpaqueToken } from '../tokens/opaque-token';
import { singleUseTokenState } from '../tokens/single-use-token';
import { User } from '../users/user.entity';
import { findUserByEmail } from '../users/user-records';
import { ConfirmationLinks } from './confirmation-links';
import { EmailConfirmationToken } from './email-confirmation-token.entity';

const invalidLink = () => ServiceError.of(400, 'confirmation_invalid');

@Injectable()
export class EmailConfirmationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly links: ConfirmationLinks,
    private readonly quota: EmailLinkQuota,
    private readonly afterReply: AfterReply,
    private readonly sessions: SessionsService,
  ) {}

  /** Confirms the address behind a link and signs its owner in. */
  async confirmEmail(token: string, meta: RequestMeta): Promise<AuthSession> {
    const tokenHash = hashOpaqueToken(token);
    // Only to learn whose account to lock; everything decided on is read again under the lock.
    const presented = await this.dataSource.manager.findOne(EmailConfirmationToken, { where: { tokenHash }, select: { id: true, userId: true } });
    if (!presented) throw invalidLink();
    return this.dataSource.transaction(async (manager) => {
      // The account lock first, then the link: the order of a deletion, which locks the account
      // and then deletes its links (the reverse order deadlocked with it). A deletion that came
      // first has committed by now: the account is gone, and so is the link.
      const user = await lockAccount(manager, presented.userId);
      if (!user) throw invalidLink();
      const link = await manager.createQueryBuilder(EmailConfirmationToken, 'link').setLock('pessimistic_write').where('link.tokenHash = :tokenHash', { tokenHash }).getOne();
      if (!link || link.userId !== user.id) throw invalidLink();
      // Checked before expiry: a confirmed person opening an old link only needs to sign in.
      if (user.emailConfirmedAt) throw ServiceError.of(409, 'already_confirmed');
      const state = singleUseTokenState(link);
      if (state === 'expired') throw ServiceError.of(400, 'confirmation_expired');
      if (state === 'consumed') throw invalidLink();
      if (user.userStatus === 'suspended') throw ServiceError.of(403, 'account_suspended');

      const now = new Date();
      await manager.update(EmailConfirmationToken, { id: link.id }, { consumedAt: now });
      await manager.update(User, { id: user.id }, { emailConfirmedAt: now });
      user.emailConfirmedAt = now;
      const event: UserConfirmedEvent = { userId: user.id, email: user.email };
      await addToOutbox(manager, IdentityEvents.userConfirmed, event);
      return this.sessions.startSession(manager, user, meta);
    });
  }

  /**
   * From a link (even expired or used), which proves the mailbox, the answer may say
   * "already confirmed". By address it is always "sent", so it reveals no account; nor
   * does its timing: the new link is issued after the answer.
   */
  async resendConfirmation(payload: ResendConfirmationPayload): Promise<ResendConfirmationResult> {
    if (payload.token) {
      const link = await this.dataSource.manager.findOneBy(EmailConfirmationToken, { tokenHash: hashOpaqueToken(payload.token) });
      const user = link && (await this.dataSource.manager.findOneBy(User, { id: link.userId }));
      if (!user) throw invalidLink();
      if (user.emailConfirmedAt) return { outcome: 'already_confirmed' };
      await this.resendTo(user);
      return { outcome: 'sent' };
    }
    const user = await findUserByEmail(this.dataSource.manager, payload.email as string);
    if (user && !user.emailConfirmedAt) this.afterReply.run('confirmation link', () => this.resendTo(user));
    return { outcome: 'sent' };
  }

  /** Sends a new link unless the account is suspended or the hourly limit is reached (silently either way). */
  private async resendTo(user: User): Promise<void> {
    if (user.userStatus === 'suspended') return;
    if (!(await this.quota.allow('confirmation', user.email))) return;
    await this.dataSource.transaction((manager) => this.links.send(manager, user));
  }
}
