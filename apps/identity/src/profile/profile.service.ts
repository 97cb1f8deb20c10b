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
  ProfileMessages,
  UpdateProfilePayload,
} from '@portal/contracts';
import { addToOutbox, SERVICE_ENVIRONMENT, ServiceCallError, ServiceClient, ServiceError } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { CONFIRMATION_LINK_TTL_SECONDS, expiresIn, webLink } from '../tokens/email-links';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';
import { singleUseTokenState } from '../tokens/single-use-token';
import { findUserByEmail } from '../users/user-records';
import { User } from '../users/user.entity';
import { EmailChangeToken } from './email-change-token.entity';

const invalidLink = () => ServiceError.badRequest(ProfileMessages.emailChangeInvalid, { code: 'email_change_invalid' });
const fieldError = (field: string, message: string, code: string) => ServiceError.badRequest(message, { code, details: [{ field, message }] });

/** The date N years before today, as YYYY-MM-DD (UTC). */
function yearsAgo(years: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

/** A real calendar date (2026-02-30 is not), at least 18 years ago, not before 1900. */
function checkDateOfBirth(value: string): void {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw fieldError('dateOfBirth', ProfileMessages.invalidDateOfBirth, 'invalid_date_of_birth');
  if (value < '1900-01-01' || value > yearsAgo(18)) throw fieldError('dateOfBirth', ProfileMessages.dateOfBirthRange, 'date_of_birth_out_of_range');
}

/** Account Settings' Profile: the person's own details, a photo, and a change of email confirmed from the new mailbox. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly services: ServiceClient,
    private readonly quota: EmailLinkQuota,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  async get(actor: Actor): Promise<Profile> {
    const user = await this.dataSource.manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.notFound('This account no longer exists.', 'user_not_found');
    return this.view(this.dataSource.manager, user);
  }

  async update(actor: Actor, payload: UpdateProfilePayload): Promise<Profile> {
    if (payload.dateOfBirth) checkDateOfBirth(payload.dateOfBirth);
    if (payload.photoFileId) await this.checkPhoto(actor, payload.photoFileId);
    const newEmail = payload.email;
    const result = await this.dataSource.transaction(async (manager) => {
      const user = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: actor.userId }).getOne();
      if (!user) throw ServiceError.notFound('This account no longer exists.', 'user_not_found');
      const changes: Partial<User> = {};
      for (const field of ['firstName', 'lastName', 'phone', 'address', 'dateOfBirth', 'nationality', 'photoFileId'] as const) {
        if (payload[field] !== undefined) (changes as Record<string, unknown>)[field] = payload[field];
      }
      if (Object.keys(changes).length > 0) {
        await manager.update(User, { id: user.id }, changes);
        Object.assign(user, changes);
      }
      if (newEmail !== undefined && newEmail !== user.email) await this.requestEmailChange(manager, user, newEmail);
      return user;
    });
    return this.view(this.dataSource.manager, result);
  }

  /** Opening the emailed link moves the account to the new address (the old one worked until now). */
  confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
    return this.dataSource.transaction(async (manager) => {
      const link = await manager.createQueryBuilder(EmailChangeToken, 'link').setLock('pessimistic_write').where('link.tokenHash = :tokenHash', { tokenHash: hashOpaqueToken(token) }).getOne();
      if (!link) throw invalidLink();
      const state = singleUseTokenState(link);
      if (state === 'consumed') throw invalidLink();
      if (state === 'expired') throw ServiceError.badRequest(ProfileMessages.emailChangeExpired, { code: 'email_change_expired' });
      const user = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: link.userId }).getOne();
      if (!user) throw invalidLink();
      const taken = await findUserByEmail(manager, link.newEmail);
      if (taken && taken.id !== user.id) throw ServiceError.conflict(ProfileMessages.emailTaken, 'email_taken');
      const previousEmail = user.email;
      await manager.update(EmailChangeToken, { id: link.id }, { consumedAt: new Date() });
      await manager.update(User, { id: user.id }, { email: link.newEmail });
      await addToOutbox(manager, IdentityEvents.emailChanged, { userId: user.id, email: link.newEmail, previousEmail, firstName: user.firstName });
      return { email: link.newEmail };
    });
  }

  /** A link to the new address (earlier unused ones stop working); refused when the address belongs to another account. */
  private async requestEmailChange(manager: EntityManager, user: User, newEmail: string): Promise<void> {
    const taken = await findUserByEmail(manager, newEmail);
    if (taken) throw ServiceError.conflict(ProfileMessages.emailTaken, 'email_taken');
    if (!(await this.quota.allow('email-change', newEmail))) {
      throw ServiceError.tooManyRequests('Too many email change requests. Please try again later.', 3600);
    }
    const now = new Date();
    await manager.update(EmailChangeToken, { userId: user.id, consumedAt: IsNull() }, { consumedAt: now });
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = expiresIn(CONFIRMATION_LINK_TTL_SECONDS, now);
    await manager.insert(EmailChangeToken, { id: randomUUID(), userId: user.id, tokenHash, newEmail, expiresAt });
    await addToOutbox(manager, IdentityEvents.emailChangeRequested, {
      userId: user.id,
      newEmail,
      firstName: user.firstName,
      confirmationUrl: webLink(this.environment.WEB_URL, '/auth/confirm-email-change', token),
      expiresAt: expiresAt.toISOString(),
    });
  }

  /** The photo must be the caller's own upload for this purpose; kyc, which stores it, tells. */
  private async checkPhoto(actor: Actor, fileId: string): Promise<void> {
    let files;
    try {
      ({ files } = await this.services.send(KycFileCommands.ownedFiles, { fileIds: [fileId] }, { actor }));
    } catch (error) {
      if (error instanceof ServiceCallError && error.body.statusCode < 500) throw new ServiceError(error.body);
      throw ServiceError.unavailable('File storage is unavailable. Please try again shortly.');
    }
    if (files.length !== 1 || files[0].purpose !== PROFILE_PHOTO_PURPOSE) throw fieldError('photoFileId', ProfileMessages.invalidPhoto, 'photo_not_found');
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
