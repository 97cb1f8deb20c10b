import { UserSummary } from '@portal/contracts';
import { User } from '../users/user.entity';

export const SUMMARY_FIELDS = ['id', 'email', 'firstName', 'lastName', 'userType', 'adminRole', 'userStatus', 'kycStatus'] as const satisfies readonly (keyof UserSummary & keyof User)[];

/** What other services and admin screens may know about a person. */
export function toUserSummary(user: Pick<User, (typeof SUMMARY_FIELDS)[number]>): UserSummary {
  return Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, user[field]])) as unknown as UserSummary;
}
