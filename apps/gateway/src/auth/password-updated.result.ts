import { ApiProperty } from '@nestjs/swagger';

/** The gateway's answer to a completed password reset; the person then signs in with the new password. */
export class PasswordUpdatedResult {
  @ApiProperty({ example: true }) updated: boolean;
}
