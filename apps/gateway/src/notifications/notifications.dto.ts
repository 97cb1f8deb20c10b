import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageLimit } from '@portal/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class NotificationListQuery {
  @PageLimit()
  limit?: number;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) cursor?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'] }) @IsOptional() @IsIn(['true', 'false']) unreadOnly?: 'true' | 'false';
}
