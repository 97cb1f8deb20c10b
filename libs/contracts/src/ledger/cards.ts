import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { PageLimit } from '../common/paging';
import { defineCommand, defineEvent } from '../common/messages';
import { IsOmittable, IsPlainName } from '../common/validators';
import { refusal } from '../common/refusal';

/** Investment cards (spec 02 §2 Card Requests), ordered by customers and decided by admins with the `transactions` permission. */
export const CARD_TYPES = ['physical', 'virtual'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * pending → approved → delivered (physical only, with a tracking number);
 * pending → rejected (with a reason); pending → cancelled (by the customer).
 */
export const CARD_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'delivered', 'cancelled'] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];

export const CARD_DECISIONS = ['approved', 'rejected', 'delivered'] as const;
export type CardDecision = (typeof CARD_DECISIONS)[number];

/** Spec 02 §5/§8 and the workflow's refusals, word for word where the spec has words. */
export const CARD_MESSAGES = {
  missingFields: 'Please fill in all required fields.',
  deliveryAddressRequired: 'Please enter the delivery address for your physical card.',
  /** Shown under the title 'Card Order Failed', with a prompt to deposit funds. */
  noCredit: 'Your investment account has no credit.',
  notFound: 'Card request not found',
  onlyPendingCancel: 'Only pending card requests can be cancelled.',
  rejectionReasonRequired: 'Please enter a reason for the rejection.',
  trackingNumberRequired: 'Please enter the tracking number of the delivery.',
  virtualNotDelivered: 'Virtual cards are issued on approval and are not delivered.',
} as const;

/** Physical cards: the card screen's 5-7 business days, estimated as 7 days after the request (spec 02 §9). */
export const PHYSICAL_DELIVERY_ESTIMATE_DAYS = 7;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const required = refusal('required_fields_missing');

export class CreateCardRequestPayload {
  @ApiProperty({ enum: CARD_TYPES })
  @IsIn(CARD_TYPES, refusal('card_type_invalid'))
  cardType: CardType;

  @ApiProperty({ description: 'The name printed on the card', maxLength: 100 })
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(100)
  @IsPlainName()
  cardName: string;

  @ApiProperty({ description: 'Why the card is requested', maxLength: 500 })
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(500)
  reason: string;

  @ApiPropertyOptional({ description: 'Required for a physical card; ignored for a virtual one', maxLength: 500 })
  @ValidateIf((payload: CreateCardRequestPayload) => payload.cardType === 'physical')
  @Transform(trimmed)
  @IsString(refusal('delivery_address_required'))
  @IsNotEmpty(refusal('delivery_address_required'))
  @MaxLength(500)
  deliveryAddress?: string;

  /** From the Idempotency-Key header; the gateway sets it, a body never does. */
  @IsOptional() @IsString() @MaxLength(255) idempotencyKey?: string;
}

export class CardRequestHistoryEntry {
  @ApiProperty({ enum: CARD_REQUEST_STATUSES }) status: CardRequestStatus;
  @ApiProperty() at: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Rejection reason or tracking number' }) note: string | null;
}

export class CardRequestClient {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
}

export class CardRequestView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: CARD_TYPES }) cardType: CardType;
  @ApiProperty({ enum: CARD_REQUEST_STATUSES }) status: CardRequestStatus;
  @ApiProperty() cardName: string;
  @ApiProperty() reason: string;
  @ApiPropertyOptional({ nullable: true, type: String }) deliveryAddress: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Physical cards only' }) estimatedDelivery: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) trackingNumber: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) rejectionReason: string | null;
  @ApiProperty({ description: 'When the card was requested' }) requestDate: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ type: [CardRequestHistoryEntry], description: 'Every status the request went through, oldest first' }) history: CardRequestHistoryEntry[];
  @ApiPropertyOptional({ type: CardRequestClient, nullable: true }) client?: CardRequestClient | null;
}

export class CardRequestCounts {
  @ApiProperty({ description: 'Physical cards approved or delivered' }) physicalCards: number;
  @ApiProperty({ description: 'Virtual cards approved' }) virtualCards: number;
  @ApiProperty() pendingRequests: number;
}

export class CardRequestPage {
  @ApiProperty({ type: [CardRequestView] }) items: CardRequestView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty() total: number;
  @ApiProperty({ type: CardRequestCounts }) counts: CardRequestCounts;
}

export class CardRequestsQuery {
  @ApiPropertyOptional({ enum: CARD_REQUEST_STATUSES }) @IsOptional() @IsIn(CARD_REQUEST_STATUSES, refusal('status_filter_invalid', { statuses: CARD_REQUEST_STATUSES.join(', ') })) status?: CardRequestStatus;
  @ApiPropertyOptional({ enum: CARD_TYPES }) @IsOptional() @IsIn(CARD_TYPES, refusal('card_type_invalid')) cardType?: CardType;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @PageLimit()
  limit?: number;
}

export class CardRequestIdPayload {
  @IsUUID('all', refusal('card_request_not_found')) id: string;
}

export class DecideCardRequestBody {
  @ApiProperty({ enum: CARD_DECISIONS })
  @IsIn(CARD_DECISIONS, refusal('card_decision_invalid'))
  decision: CardDecision;

  @ApiPropertyOptional({ description: 'Required when rejecting; told to the customer', maxLength: 1000 })
  @IsOmittable()
  @Transform(trimmed)
  @IsString()
  @MaxLength(1000)
  reason?: string;

  @ApiPropertyOptional({ description: 'Required when marking a physical card delivered', maxLength: 100 })
  @IsOmittable()
  @Transform(trimmed)
  @IsString()
  @MaxLength(100)
  trackingNumber?: string;
}

export class DecideCardRequestPayload extends DecideCardRequestBody {
  @IsUUID('all', refusal('card_request_not_found')) id: string;
}

/** A card request changed status: the customer is told (notification) and the browser refreshes. */
export class CardRequestEvent {
  @IsUUID() cardRequestId: string;
  @IsUUID() userId: string;
  @IsIn(CARD_TYPES) cardType: CardType;
  @IsIn(CARD_REQUEST_STATUSES) status: CardRequestStatus;
  @IsString() @MaxLength(100) cardName: string;
  @IsOptional() @IsString() @MaxLength(1000) rejectionReason?: string | null;
  @IsOptional() @IsString() @MaxLength(100) trackingNumber?: string | null;
  @IsISO8601() occurredAt: string;
}

export const CardRequestEvents = {
  cardRequested: defineEvent('ledger.card-request.requested.v1', CardRequestEvent),
  cardApproved: defineEvent('ledger.card-request.approved.v1', CardRequestEvent),
  cardRejected: defineEvent('ledger.card-request.rejected.v1', CardRequestEvent),
  cardDelivered: defineEvent('ledger.card-request.delivered.v1', CardRequestEvent),
  cardCancelled: defineEvent('ledger.card-request.cancelled.v1', CardRequestEvent),
} as const;

/** The ledger's card commands; admin ones check the role's `transactions` permission. */
export const CardCommands = {
  createCardRequest: defineCommand<CreateCardRequestPayload, CardRequestView>('ledger.card-request.create.v1', CreateCardRequestPayload),
  listOwnCardRequests: defineCommand<CardRequestsQuery, CardRequestPage>('ledger.card-request.list-own.v1', CardRequestsQuery),
  cancelCardRequest: defineCommand<CardRequestIdPayload, CardRequestView>('ledger.card-request.cancel.v1', CardRequestIdPayload),
  listCardRequests: defineCommand<CardRequestsQuery, CardRequestPage>('ledger.card-request.list.v1', CardRequestsQuery),
  decideCardRequest: defineCommand<DecideCardRequestPayload, CardRequestView>('ledger.card-request.decide.v1', DecideCardRequestPayload),
} as const;
