import { randomUUID } from 'node:crypto';
import { EntityManager, QueryFailedError } from 'typeorm';
import { AdminRole, SessionUser, UserStatus, UserType } from '@portal/contracts';
import { User } from './user.entity';

/** Raised when the email is already registered (the unique index decided, so it is race-safe). */
export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
    this.name = 'EmailTakenError';
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  adminRole?: AdminRole | null;
  userStatus?: UserStatus;
  emailConfirmedAt?: Date | null;
}

/** Inserts a user inside the caller's transaction. */
export async function insertUser(manager: EntityManager, fields: NewUser): Promise<User> {
  const user = manager.create(User, {
    id: randomUUID(),
    email: normaliseEmail(fields.email),
    passwordHash: fields.passwordHash,
    firstName: fields.firstName,
    lastName: fields.lastName,
    userType: fields.userType,
    adminRole: fields.adminRole ?? null,
    userStatus: fields.userStatus ?? 'active',
    kycStatus: 'pending',
    emailConfirmedAt: fields.emailConfirmedAt ?? null,
  });
  try {
    // insert (not save): no read-before-write, and the generated timestamps come back.
    await manager.insert(User, user);
    return user;
  } catch (error) {
    if (error instanceof QueryFailedError && (error.driverError as { code?: string; constraint?: string }).constraint === 'uq_users_email') {
      throw new EmailTakenError();
    }
    throw error;
  }
}

export function findUserByEmail(manager: EntityManager, email: string): Promise<User | null> {
  return manager.findOneBy(User, { email: normaliseEmail(email) });
}

/** What a client may know about the signed-in person (also picked out of wider rows). */
export function toSessionUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    adminRole: user.adminRole,
    kycStatus: user.kycStatus,
    userStatus: user.userStatus,
  };
}
