import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import {
  Actor,
  EmailChangeConfirmed,
  IdentityEvents,
  KycFileCommands,
  Profile,
  PROFILE_PHOTO_PURPOSE,
  RequestMeta,
  UpdateProfilePayload,
  UserMessageCode,
} from '@portal/contracts';
import { addToOutbox, fieldRefusal, SERVICE_ENVIRONMENT, ServiceCallError, ServiceClient, ServiceError } from '@portal/messaging';
import { CurrentPasswordCheck } from '../account-security/current-password-check';
import { voidTakeoverLinks } from '../account-security/takeover-links';
import { recordAudit } from '../audit/record-audit';
import { IdentityEnvironment } from '../identity-environment';
import { lockAccount } from '../sessions/account-lock';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { CONFIRMATION_LINK_TTL_SECONDS, expiresIn, webLink } from '../tokens/email-links';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';
import { singleUseTokenState } from '../tokens/single-use-token';
import { findUserByEmail } from '../users/user-records';
import { User } from '../users/user.entity';
import { EmailChangeToken } from './email-change-token.entity';

const invalidLink = () => ServiceError.of(400, 'email_change_invalid');
const fieldError = (field: string, code: UserMessageCode) => ServiceError.of(400, code, { details: [fieldRefusal(field, code)] });
const currentPasswordRequired = () => fieldError('currentPassword', 'current_password_required');

/** The date N years before today, as YYYY-MM-DD (UTC). */
function yearsAgo(years: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

/** A real calendar date (2026-02-30 is not), at least 18 years ago, not before 1900. */
function checkDateOfBirth(value: string): void {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw fieldError('dateOfBirth', 'invalid_date_of_birth');
  if (value < '1900-01-01' || value > yearsAgo(18)) throw fieldError('dateOfBirth', 'date_of_birth_out_of_range');
}

/**
 * Account Settings' Profile: the person's own details, a photo, and a change of email. The
 * email is how the account is recovered, so changing it needs the current password (a
 * stolen session alone cannot move the account to another mailbox), tells the address in
 * use, is audited, and applies only once confirmed from the new mailbox.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly services: ServiceClient,
    private readonly quota: EmailLinkQuota,
    private readonly currentPassword: CurrentPasswordCheck,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  async get(actor: Actor): Promise<Profile> {
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.of(404, 'account_deleted');
    return this.view(this.dataSource.manager, user);
  }

  async update(actor: Actor, payload: UpdateProfilePayload, meta: RequestMeta): Promise<Profile> {
    if (payload.dateOfBirth) checkDateOfBirth(payload.dateOfBirth);
    if (payload.photoFileId) await this.checkPhoto(actor, payload.photoFileId);
    const newEmail = payload.email;
    // With a new address, the password is checked before anything changes, and before saying
    // whether the address is taken; other edits need no read ahead of the transaction.
    const current = newEmail === undefined ? null : await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (newEmail !== undefined && !current) throw ServiceError.of(404, 'account_deleted');
    const passwordChecked = current !== null && newEmail !== current.email;
    if (passwordChecked) await this.checkCurrentPassword(current, payload.currentPassword, meta);
    const result = await this.dataSource.transaction(async (manager) => {
      const user = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: actor.userId }).getOne();
      if (!user) throw ServiceError.of(404, 'account_deleted');
      const changesEmail = newEmail !== undefined && newEmail !== user.email;
      // The address changed meanwhile (so no password was asked for), or the password did: confirm again.
      if (changesEmail && !passwordChecked) throw currentPasswordRequired();
      if (changesEmail && user.passwordHash !== current?.passwordHash) {
        throw ServiceError.of(409, 'password_changed_meanwhile');
      }
      const changes: Partial<User> = {};
      for (const field of ['firstName', 'lastName', 'phone', 'address', 'dateOfBirth', 'nationality', 'photoFileId'] as const) {
        if (payload[field] !== undefined) (changes as Record<string, unknown>)[field] = payload[field];
      }
      if (Object.keys(changes).length > 0) {
        await manager.update(User, { id: user.id }, changes);
        Object.assign(user, changes);
      }
      if (changesEmail) await this.requestEmailChange(manager, user, newEmail, meta);
      return user;
    });
    return this.view(this.dataSource.manager, result);
  }

  /** Opening the emailed link moves the account to the new address (the old one worked until now). */
  async confirmEmailChange(token: string, meta: RequestMeta): Promise<EmailChangeConfirmed> {
    const tokenHash = hashOpaqueToken(token);
    // Only to learn whose account to lock; everything decided on is read again under the lock.
    const presented = await this.dataSource.manager.findOne(EmailChangeToken, { where: { tokenHash }, select: { id: true, userId: true } });
    if (!presented) throw invalidLink();
    return this.dataSource.transaction(async (manager) => {
      // The account lock first, then the link: the order of a deletion and of a password change,
      // which lock the account and then delete or void its links (the reverse order deadlocked
      // with them). Whichever came first has committed by now, and is seen below.
      const user = await lockAccount(manager, presented.userId);
      if (!user) throw invalidLink();
      const link = await manager.createQueryBuilder(EmailChangeToken, 'link').setLock('pessimistic_write').where('link.tokenHash = :tokenHash', { tokenHash }).getOne();
      if (!link || link.userId !== user.id) throw invalidLink();
      const state = singleUseTokenState(link);
      if (state === 'consumed') throw invalidLink();
      if (state === 'expired') throw ServiceError.of(400, 'email_change_expired');
      // A link sent before a suspension must not move the account, as none signs it in.
      if (user.userStatus === 'suspended') throw ServiceError.of(403, 'account_suspended');
      const taken = await findUserByEmail(manager, link.newEmail);
      if (taken && taken.id !== user.id) throw ServiceError.of(409, 'email_taken');
      const previousEmail = user.email;
      await manager.update(EmailChangeToken, { id: link.id }, { consumedAt: new Date() });
      await manager.update(User, { id: user.id }, { email: link.newEmail });
      // Reset links already sent to the old address must not outlive the move.
      await voidTakeoverLinks(manager, user.id, ['password-reset']);
      await addToOutbox(manager, IdentityEvents.emailChanged, { userId: user.id, email: link.newEmail, previousEmail, firstName: user.firstName });
      await recordAudit(manager, {
        category: 'security_event',
        actionType: 'email_changed',
        actor: { userId: user.id, email: previousEmail },
        targetType: 'user',
        targetId: user.id,
        description: `The email address was changed from ${previousEmail} to ${link.newEmail} (confirmed from the new mailbox)`,
        metadata: { previousEmail, newEmail: link.newEmail, userAgent: meta.userAgent, requestId: meta.requestId },
        clientIp: meta.clientIp ?? null,
      });
      return { email: link.newEmail };
    });
  }

  /**
   * The current password, required for a change of email. Wrong ones count against the
   * limit the password change and Delete Account share, and are audited.
   */
  private async checkCurrentPassword(user: User, password: string | undefined, meta: RequestMeta): Promise<void> {
    if (!password) throw currentPasswordRequired();
    if (await this.currentPassword.matches(user, password, meta, { actionType: 'email_change_failed', description: 'An email change was refused: wrong current password' })) return;
    throw ServiceError.of(400, 'wrong_current_password', { details: [fieldRefusal('currentPassword', 'wrong_current_password')] });
  }

  /**
   * A link to the new address (earlier unused ones stop working), a notice to the address in
   * use, and an audit record; refused when the address belongs to another account.
   */
  private async requestEmailChange(manager: EntityManager, user: User, newEmail: string, meta: RequestMeta): Promise<void> {
    const taken = await findUserByEmail(manager, newEmail);
    if (taken) throw ServiceError.of(409, 'email_taken');
    if (!(await this.quota.allow('email-change', newEmail))) {
      throw ServiceError.of(429, 'email_change_rate_limited', { retryAfterSeconds: 3600 });
    }
    const now = new Date();
    await manager.update(EmailChangeToken, { userId: user.id, consumedAt: IsNull() }, { consumedAt: now });
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = expiresIn(CONFIRMATION_LINK_TTL_SECONDS, now);
    await manager.insert(EmailChangeToken, { id: randomUUID(), userId: user.id, tokenHash, newEmail, expiresAt });
    await addToOutbox(manager, IdentityEvents.emailChangeRequested, {
      userId: user.id,
      newEmail,
      currentEmail: user.email,
      firstName: user.firstName,
      confirmationUrl: webLink(this.environment.WEB_URL, '/auth/confirm-email-change', token),
      expiresAt: expiresAt.toISOString(),
    });
    await recordAudit(manager, {
      category: 'security_event',
      actionType: 'email_change_requested',
      actor: { userId: user.id, email: user.email },
      targetType: 'user',
      targetId: user.id,
      description: `A change of the email address from ${user.email} to ${newEmail} was requested`,
      metadata: { previousEmail: user.email, newEmail, expiresAt: expiresAt.toISOString(), userAgent: meta.userAgent, requestId: meta.requestId },
      clientIp: meta.clientIp ?? null,
    });
  }

  /** The photo must be the caller's own upload for this purpose; kyc, which stores it, tells. */
  private async checkPhoto(actor: Actor, fileId: string): Promise<void> {
    let files;
    try {
      ({ files } = await this.services.send(KycFileCommands.ownedFiles, { fileIds: [fileId] }, { actor }));
    } catch (error) {
      if (error instanceof ServiceCallError && error.body.statusCode < 500) throw new ServiceError(error.body);
      throw ServiceError.of(503, 'file_storage_unavailable');
    }
    if (files.length !== 1 || files[0].purpose !== PROFILE_PHOTO_PURPOSE) throw fieldError('photoFileId', 'invalid_photo');
  }

  private async view(manager: EntityManager, user: User): Promise<Profile> {
    const pending = await manager.findOne(EmailChangeToken, { where: { userId: user.id, consumedAt: IsNull(), expiresAt: MoreThan(new Date()) }, order: { createdAt: 'DESC' } });
    return {
      id: user.id,
      email: user.email,
      pendingEmail: pending?.newEmail ?? null,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      address: user.address,
      dateOfBirth: user.dateOfBirth,
      nationality: user.nationality,
      photoFileId: user.photoFileId,
      userType: user.userType,
      adminRole: user.adminRole,
      kycStatus: user.kycStatus,
    };
  }
}
