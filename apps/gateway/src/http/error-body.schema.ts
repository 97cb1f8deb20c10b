import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { ErrorBody, FieldError } from '@portal/contracts';

// The error envelope as OpenAPI schemas, named like the contract types so the generated
// client exposes components['schemas']['ErrorBody'].

@ApiSchema({ name: 'FieldError' })
export class FieldErrorSchema implements FieldError {
  @ApiProperty({ example: 'email' }) field: string;
  @ApiProperty({ example: 'Please enter a valid email address' }) message: string;
  @ApiPropertyOptional({ description: 'Code of the message, the key of its translations', example: 'email_invalid' }) code?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Values of the message placeholders' }) params?: Record<string, string>;
}

@ApiSchema({ name: 'ErrorBody', description: 'Every error answer of the API' })
export class ErrorBodySchema implements ErrorBody {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'Bad Request' }) error: string;
  @ApiProperty({ description: 'Human readable, safe to show', example: 'Please enter a valid email address' }) message: string;
  @ApiPropertyOptional({ description: 'Machine-readable reason, e.g. email_not_confirmed; for a message people read, the key of its translations' }) code?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Values of the placeholders of the translated message, e.g. {"name": "ledger"} for service_unavailable',
  })
  params?: Record<string, string>;
  @ApiPropertyOptional({ type: [FieldErrorSchema], description: 'Per-field problems of invalid input, in the order of the form' }) details?: FieldError[];
  @ApiPropertyOptional({ description: 'Seconds to wait before retrying; also sent as Retry-After' }) retryAfterSeconds?: number;
}
