import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AdminRole } from '@portal/domain-rules';
import { KYC_STATUSES, KycStatus, USER_STATUSES, USER_TYPES, UserStatus, UserType } from '../common/request';

/** What another service may show an admin about a person (admin lists, exports). */
export interface UserSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  adminRole: AdminRole | null;
  userStatus: UserStatus;
  kycStatus: KycStatus;
}

export interface UserSummaries {
  /** Found users only, in no particular order; an unknown or deleted id is simply absent. */
  users: UserSummary[];
}

/** Names and emails of up to 500 people at once, for an admin's page of records. */
export class LookupUsersPayload {
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) userIds: string[];
}

/** At most this many ids are answered by one search; a wider audience is paged by `afterId`. */
export const USER_ID_PAGE_SIZE = 10_000;

/**
 * The ids of the people matching a filter: the audience of a broadcast, or the owners to
 * search an admin list by name or email (`q`). Ordered by id; page with `afterId`.
 */
export class FindUserIdsPayload {
  @IsOptional() @IsIn(USER_TYPES) userType?: UserType;
  @IsOptional() @IsIn(USER_STATUSES) userStatus?: UserStatus;
  @IsOptional() @IsIn(KYC_STATUSES) kycStatus?: KycStatus;
  /** Part of a first name, last name or email, case-insensitive. */
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsUUID() afterId?: string;
}

export interface FoundUserIds {
  userIds: string[];
  /** Set when more ids match: pass it as `afterId` for the next page. */
  nextAfterId: string | null;
}
