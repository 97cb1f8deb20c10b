import type { AdminRole } from '@portal/domain-rules';

/** Roles of people who can sign in. Only customers sign up; admins are created by admins. */
export const USER_TYPES = ['customer', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];


export const USER_STATUSES = ['active', 'suspended', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The verified caller, set by the gateway from the access token; never from a request body. */
export interface Actor {
  userId: string;
  userType: UserType;
  adminRole: AdminRole | null;
  sessionId: string;
}

export interface RequestMeta {
  requestId: string;
  actor: Actor | null;
  clientIp?: string;
  userAgent?: string;
}

/** Every command over NATS: the caller's context plus the command's own payload. */
export interface ServiceRequest<P = unknown> {
  meta: RequestMeta;
  payload: P;
}
