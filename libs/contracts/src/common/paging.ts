import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `page` (from 1) and `pageSize` (1 to 100) of an admin list that answers its total. */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(100000)
  page?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 100' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 100' })
  @Max(100, { message: 'pageSize must be a whole number from 1 to 100' })
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 20;

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

/**
 * A list's `limit`: optional, a whole number from 1 to 100 (API.md's list conventions),
 * converted from the query string; `defaultLimit` is what the list uses without one.
 */
export function PageLimit(defaultLimit = DEFAULT_PAGE_SIZE): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: defaultLimit }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: LIMIT_MESSAGE }),
    Min(1, { message: LIMIT_MESSAGE }),
    Max(100, { message: LIMIT_MESSAGE }),
  ];
  // Applied as TypeScript applies a stack of decorators, the last one first: field errors name the first rule broken.
  return (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}
