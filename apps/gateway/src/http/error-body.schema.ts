import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { ErrorBody, FieldError } from '@portal/contracts';

// The error envelope as OpenAPI schemas, named like the contract types so the generated
// client exposes components['schemas']['ErrorBody'].

@ApiSchema({ name: 'FieldError' })
export class FieldErrorSchema implements FieldError {
  @ApiProperty({ example: 'email' }) field: string;
  @ApiProperty({ example: 'Please enter a valid email address' }) message: string;
}

@ApiSchema({ name: 'ErrorBody', description: 'Every error answer of the API' })
export class ErrorBodySchema implements ErrorBody {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'Bad Request' }) error: string;
  @ApiProperty({ description: 'Human readable, safe to show', example: 'Please enter a valid email address' }) message: string;
  @ApiPropertyOptional({ description: 'Machine-readable reason, e.g. email_not_confirmed' }) code?: string;
  @ApiPropertyOptional({ type: [FieldErrorSchema], description: 'Per-field problems of invalid input, in the order of the form' }) details?: FieldError[];
  @ApiPropertyOptional({ description: 'Seconds to wait before retrying; also sent as Retry-After' }) retryAfterSeconds?: number;
}
