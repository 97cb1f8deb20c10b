import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { KYC_STATUSES, KycStatus, USER_STATUSES, UserStatus } from '../common/request';
import { refusal } from '../common/refusal';

/**
 * The parts of a customer's portal an admin may look at in the read-only customer view
 * (issue 30): each read is recorded (admin_action `customer_viewed`) with the part it was.
 */
export const CUSTOMER_VIEW_SECTIONS = [
  'account',
  'balance',
  'transaction_summary',
  'transactions',
  'investments',
  'security_deposits',
  'performance',
  'tickets',
  'ticket',
  'applications',
] as const;
export type CustomerViewSection = (typeof CUSTOMER_VIEW_SECTIONS)[number];

/**
 * An admin reading a customer's portal as the customer sees it, recorded by the gateway
 * before it reads anything: identity answers only for an active admin whose role has the
 * users permission, and only about a customer (an admin's id is refused, an unknown one 404).
 */
export class RecordCustomerViewPayload {
  @IsUUID('all', refusal('user_id_invalid'))
  userId: string;

  @IsIn(CUSTOMER_VIEW_SECTIONS, refusal('customer_view_section_invalid', { sections: CUSTOMER_VIEW_SECTIONS.join(', ') }))
  section: CustomerViewSection;

  /** The ticket opened, for the `ticket` section. */
  @IsOptional()
  @IsUUID('all', refusal('ticket_id_invalid'))
  ticketId?: string;
}

/** Who the customer is, as the banner of the customer view names them. */
export class CustomerViewAccount {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
  @ApiProperty({ enum: USER_STATUSES }) userStatus: UserStatus;
  @ApiProperty({ description: 'When the account was created (ISO 8601)' }) createdAt: string;
}

export class CustomerViewRecorded {
  /** The audit record's id. */
  id: string;
  customer: CustomerViewAccount;
}
