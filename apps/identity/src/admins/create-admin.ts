import { isEmail } from 'class-validator';
import { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLES, AdminRole, hasHiddenCharacters, IdentityEvents, SessionUser, UserRegisteredEvent } from '@portal/contracts';
import { addToOutbox, fieldRefusal, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { assertNotCommonPassword } from '../users/common-passwords';
import { hashPassword } from '../users/passwords';
import { EmailTakenError, insertUser, normaliseEmail, toSessionUser } from '../users/user-records';
import { assertAdminPassword } from './admin-password-policy';

export interface NewAdminInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** Checked when given (the admin form has it; the command line does not). */
  confirmPassword?: string;
  /**
   * Required: never a default, so a request that leaves it out cannot make the most
   * powerful kind of account. (The create-admin command passes its own, super_admin.)
   */
  adminRole?: string;
}

export interface ValidNewAdmin {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  adminRole: AdminRole;
}

type AdminActor = { userId: string; email: string } | null;

/** Who asked for the admin, for the audit record. */
export interface AdminActionContext {
  actor: AdminActor;
  source: 'cli' | 'seed' | 'api';
  clientIp?: string | null;
  /**
   * Decides, first inside the transaction that creates the admin, whether the caller may:
   * throws to refuse, or returns the caller as it is now (named by the audit record instead of
   * `actor`). The admin API reads the caller's role here, under the administrator lock.
   */
  authorise?: (manager: EntityManager) => Promise<AdminActor>;
}

const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

/** Checks a new administrator in the order of spec 02 §5: presence, email, password policy, confirmation. */
export function validateNewAdmin(input: NewAdminInput): ValidNewAdmin {
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  const email = normaliseEmail(input.email ?? '');
  const password = input.password ?? '';
  if (!firstName || !lastName || !email || !password) throw ServiceError.of(400, 'all_fields_required');
  if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH) {
    throw ServiceError.of(400, 'names_too_long');
  }
  // No name may pose as another on an admin screen (the command line and the seed come here too).
  const hidden = (['firstName', 'lastName'] as const).filter((field) => hasHiddenCharacters(field === 'firstName' ? firstName : lastName));
  if (hidden.length > 0) {
    throw ServiceError.of(400, 'name_hidden_characters', { details: hidden.map((field) => fieldRefusal(field, 'name_hidden_characters')) });
  }
  if (email.length > EMAIL_MAX_LENGTH || !isEmail(email)) {
    throw ServiceError.of(400, 'email_invalid', { details: [fieldRefusal('email', 'email_invalid')] });
  }
  assertAdminPassword(password);
  assertNotCommonPassword(password);
  if (input.confirmPassword !== undefined && input.confirmPassword !== password) {
    throw ServiceError.of(400, 'passwords_do_not_match', { details: [fieldRefusal('confirmPassword', 'passwords_do_not_match')] });
  }
  const adminRole = input.adminRole;
  if (adminRole === undefined || adminRole === null || !(ADMIN_ROLES as readonly string[]).includes(adminRole)) {
    throw ServiceError.of(400, 'invalid_admin_role', { details: [fieldRefusal('adminRole', 'invalid_admin_role')] });
  }
  return { firstName, lastName, email, password, adminRole: adminRole as AdminRole };
}

/**
 * Creates an administrator whose email counts as confirmed (an administrator vouches
 * for it), with its audit record, in one transaction. Shared by the create-admin
 * command, the demo seed and the admin API.
 */
export class CreateAdmin {
  constructor(private readonly dataSource: DataSource) {}

  async execute(input: NewAdminInput, context: AdminActionContext): Promise<SessionUser> {
    const admin = validateNewAdmin(input);
    const passwordHash = await hashPassword(admin.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const actor = context.authorise ? await context.authorise(manager) : context.actor;
        const user = await insertUser(manager, {
          email: admin.email,
          passwordHash,
          firstName: admin.firstName,
          lastName: admin.lastName,
          userType: 'admin',
          adminRole: admin.adminRole,
          emailConfirmedAt: new Date(),
        });
        await recordAudit(manager, {
          category: 'admin_action',
          actionType: 'admin_created',
          actor,
          targetType: 'user',
          targetId: user.id,
          description: `Created ${admin.adminRole} account for ${user.email}`,
          metadata: { source: context.source, adminRole: admin.adminRole, email: user.email },
          clientIp: context.clientIp ?? null,
        });
        const registered: UserRegisteredEvent = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType };
        await addToOutbox(manager, IdentityEvents.userRegistered, registered);
        return toSessionUser(user);
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw ServiceError.of(409, 'email_taken');
      throw error;
    }
  }
}
