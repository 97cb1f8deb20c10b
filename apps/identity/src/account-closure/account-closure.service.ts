import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountClosureEvents, AccountDeletedReply, Actor, IdentityEvents, RequestMeta } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { AccountAdministrationService } from '../account-administration/account-administration.service';
import { CurrentPasswordCheck } from '../account-security/current-password-check';
import { recordAudit } from '../audit/record-audit';
import { SessionsService } from '../sessions/sessions.service';
import { User } from '../users/user.entity';

/**
 * Delete Account (Danger Zone). The owner confirms with their password (wrong ones limited
 * per account, like the password change); while the ledger
 * holds their money the account stays (the rule admins' deletions follow). Otherwise every
 * session ends, personal data is replaced (the row stays, since ledger and application
 * records the law requires name its id), a confirmation email is asked for through the
 * outbox, and the act is audited: all in one transaction.
 */
@Injectable()
export class AccountClosureService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly accounts: AccountAdministrationService,
    private readonly currentPassword: CurrentPasswordCheck,
  ) {}

  async deleteOwn(actor: Actor, password: string, meta: RequestMeta): Promise<AccountDeletedReply> {
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.of(404, 'user_not_found');
    if (user.userType !== 'customer') throw ServiceError.of(403, 'admin_closure_refused');
    // Wrong passwords count against the limit the password change and the email change share.
    if (!(await this.currentPassword.matches(user, password, meta, { actionType: 'account_deletion_failed', description: 'Deleting the account was refused: wrong password' }))) {
      throw ServiceError.of(400, 'wrong_password');
    }
    if (await this.accounts.holdsMoney(user.id)) throw ServiceError.of(409, 'balance_not_empty');

    const endedSessions = await this.dataSource.transaction(async (manager) => {
      const target = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: user.id }).getOne();
      // The password changed meanwhile (or the account went): confirm again.
      if (!target || target.passwordHash !== user.passwordHash) throw ServiceError.of(409, 'account_changed_meanwhile');
      const sessionIds = await this.sessions.revokeAllSessions(manager, target.id);
      await addToOutbox(manager, AccountClosureEvents.accountClosed, { userId: target.id, email: target.email, firstName: target.firstName, closedAt: new Date().toISOString() });
      await addToOutbox(manager, IdentityEvents.userDeleted, { userId: target.id, deletedBy: target.id });
      await recordAudit(manager, {
        category: 'security_event',
        actionType: 'account_deleted_by_owner',
        actor: { userId: target.id, email: null },
        targetType: 'user',
        targetId: target.id,
        description: 'The customer deleted their own account',
        metadata: { sessionsEnded: sessionIds.length, userAgent: meta.userAgent, requestId: meta.requestId },
        clientIp: meta.clientIp ?? null,
      });
      await this.accounts.closeAndAnonymise(manager, target);
      return sessionIds;
    });
    await this.sessions.markRevoked(endedSessions, 'deleted');
    return { deleted: true };
  }
}
