import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import {
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  ApplicationStatus,
  ApplicationType,
  INVESTMENT_OVERSIGHT_STATUSES,
  InvestmentOversightStatus,
  IsFilledWhen,
  IsPlainName,
  moneyText,
  REVIEW_DECISIONS,
  PageLimit,
  refusal,
  ReviewDecision,
} from '@portal/contracts';

/**
 * The amount as the client wrote it (a JSON number's source text, see AsMoneyText) to
 * "1500.00"; anything else, `1500.001` and `1e3` included, is left for the validator to refuse.
 */
export function toDecimalString(value: unknown, holder?: unknown, key?: string): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  const text = moneyText(value, holder, key);
  if (typeof text === 'string' && /^\d{1,13}(\.\d{1,2})?$/.test(text.trim())) {
    const [whole, fraction = ''] = text.trim().split('.');
    return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
  }
  return text;
}

/**
 * `POST /api/v1/applications` and `PUT /api/v1/applications/:id` (a draft). The applications
 * service checks required fields, amounts, options and documents, and sanitises the text.
 */
export class ApplicationBody {
  @ApiProperty({ enum: APPLICATION_TYPES })
  @IsIn(APPLICATION_TYPES, refusal('application_type_invalid', { types: APPLICATION_TYPES.join(', ') }))
  applicationType: ApplicationType;

  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) @IsPlainName() fullName?: string;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) email?: string;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) phone?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], example: '1500.00', description: 'USD; a JSON number or a decimal string' })
  @IsOptional()
  @Transform(({ value, obj, key }) => toDecimalString(value, obj, key))
  @Matches(/^\d{1,13}\.\d{2}$/, refusal('investment_amount_invalid'))
  investmentAmount?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Months, one of the durations in the public settings' })
  @IsOptional()
  @Type(() => Number)
  @IsInt(refusal('investment_duration_months_invalid'))
  @Min(1)
  @Max(600)
  investmentDuration?: number;

  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) investmentCategory?: string;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) @IsPlainName() companyName?: string;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) companyRegistration?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'personal: address, employment, annualIncome, investmentPurpose, declaration; corporate: countryOfOperation, directorsName, companyStructure, declaration; gipp: declaration',
  })
  @IsOptional()
  @IsObject()
  applicationData?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'Ids of files you uploaded with POST /api/v1/files' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsUUID('all', refusal('document_ids_invalid', undefined, { each: true }))
  documentIds?: string[];

  @ApiPropertyOptional({ description: 'Save as a draft instead of submitting' }) @IsOptional() @IsBoolean() draft?: boolean;
}

export class OwnApplicationsQuery {
  @ApiPropertyOptional({ enum: APPLICATION_STATUSES }) @IsOptional() @IsIn(APPLICATION_STATUSES) status?: ApplicationStatus;
}

export class AdminApplicationsQuery {
  @ApiPropertyOptional({ description: 'Part of a full name, email or company name' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: APPLICATION_STATUSES }) @IsOptional() @IsIn(APPLICATION_STATUSES) status?: ApplicationStatus;
  @ApiPropertyOptional({ enum: APPLICATION_TYPES }) @IsOptional() @IsIn(APPLICATION_TYPES) type?: ApplicationType;
  @PageLimit()
  limit?: number;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString(refusal('cursor_invalid')) @MaxLength(400, refusal('cursor_invalid')) cursor?: string;
}

export class AdminInvestmentsQuery {
  @ApiPropertyOptional({ description: 'Client name, email or investment type' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: INVESTMENT_OVERSIGHT_STATUSES }) @IsOptional() @IsIn(INVESTMENT_OVERSIGHT_STATUSES) status?: InvestmentOversightStatus;
  @PageLimit(100)
  limit?: number;
}

export class ReviewBody {
  @ApiProperty({ enum: REVIEW_DECISIONS })
  @IsIn(REVIEW_DECISIONS, refusal('review_decision_invalid', { decisions: REVIEW_DECISIONS.join(', ') }))
  decision: ReviewDecision;

  @ApiPropertyOptional({ maxLength: 5000, description: 'Shown to the customer; cut to 1000 characters. Required, not blank, when rejecting: the customer is told why.' })
  @ValidateIf((body: ReviewBody, value: unknown) => value !== undefined || body.decision === 'rejected')
  @IsFilledWhen('decision', 'rejected', refusal('rejection_reason_required'))
  @IsString()
  @MaxLength(5000)
  note?: string;
}
