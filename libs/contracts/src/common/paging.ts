import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { refusal } from './refusal';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;

const LIMIT_REFUSAL = refusal('limit_invalid');

/**
 * A list's `limit`: optional, a whole number from 1 to 100 (API.md's list conventions),
 * converted from the query string; `defaultLimit` is what the list uses without one.
 */
export function PageLimit(defaultLimit = DEFAULT_PAGE_SIZE): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: defaultLimit }),
    IsOptional(),
    Type(() => Number),
    IsInt(LIMIT_REFUSAL),
    Min(1, LIMIT_REFUSAL),
    Max(100, LIMIT_REFUSAL),
  ];
  // Applied as TypeScript applies a stack of decorators, the last one first: field errors name the first rule broken.
  return (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}

/**
 * `limit` and `cursor` of a list (API.md's list conventions): the first page without a
 * cursor, each next one with the nextCursor of the page before. The service checks the
 * cursor (400 `cursor_invalid`).
 */
export class CursorQuery {
  @PageLimit() limit?: number;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString(refusal('cursor_invalid')) @MaxLength(400, refusal('cursor_invalid')) cursor?: string;
}
