import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsISO8601, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { defineCommand, defineEvent } from '../common/messages';
import { refusal } from '../common/refusal';

/** Delete Account (Danger Zone): the signed-in user closes their own account. */
export const ACCOUNT_CLOSURE_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'The password is incorrect. Your account has not been deleted.',
  holdsMoney: 'Your account still holds funds. Please withdraw your balance before deleting your account.',
  notCustomer: 'Administrator accounts are closed by another super administrator.',
} as const;

export class DeleteOwnAccountPayload {
  @ApiProperty({ description: 'The current password, to confirm' })
  @IsString(refusal('closure_password_required'))
  @IsNotEmpty(refusal('closure_password_required'))
  @MaxLength(1024)
  password: string;
}

export class AccountDeletedReply {
  @ApiProperty({ enum: [true] }) deleted: true;
}

/** The account was closed by its owner: the confirmation email goes to the address it had. */
export class AccountClosedEvent {
  @IsUUID() userId: string;
  @IsEmail() email: string;
  @IsString() @MaxLength(100) firstName: string;
  @IsISO8601() closedAt: string;
}

export const AccountClosureCommands = {
  deleteOwnAccount: defineCommand<DeleteOwnAccountPayload, AccountDeletedReply>('identity.account.delete-own.v1', DeleteOwnAccountPayload),
} as const;

export const AccountClosureEvents = {
  accountClosed: defineEvent('identity.account.closed.v1', AccountClosedEvent),
} as const;
