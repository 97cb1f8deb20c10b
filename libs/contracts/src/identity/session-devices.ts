import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { defineCommand, EmptyPayload } from '../common/messages';
import { refusal } from '../common/refusal';

/** Sessions and devices (Settings → Security, and User Management): the texts people read. */
export const SessionDeviceMessages = {
  sessionNotFound: 'This session has already ended or does not exist.',
  endLinkInvalid: 'This link is invalid or has expired. You can end sessions from Settings → Security after signing in.',
  endLinkRequired: 'The link is incomplete. Please open it again from the email.',
} as const;

export const SessionDeviceErrorCodes = {
  sessionNotFound: 'sign_in_session_not_found',
  endLinkInvalid: 'session_end_link_invalid',
} as const;

/** One live session (a sign-in and the refreshes that renewed it) as its owner or an admin sees it. */
export class SessionView {
  @ApiProperty({ format: 'uuid', description: 'The session id (the access tokens carry it as sid)' }) id: string;
  @ApiProperty({ description: "Whether this is the caller's own session (the one the request came from)" }) current: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The browser as it named itself at the last sign-in or refresh' }) userAgent: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Browser, system and device named from the user agent, e.g. "Chrome 131, Windows 10"; null when it names none' })
  device: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the session began (sign-in)' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'The last sign-in or refresh of the session' }) lastSeenAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'The client address of the last sign-in or refresh (no place: no local address database)' }) address: string | null;
}

export class SessionList {
  @ApiProperty({ type: [SessionView], description: 'Newest activity first' }) items: SessionView[];
}

export class SessionsEnded {
  @ApiProperty({ description: 'How many sessions were ended' }) ended: number;
}

export class SessionIdPayload {
  @IsUUID() sessionId: string;
}

export class UserSessionsPayload {
  @IsUUID() userId: string;
}

export class UserSessionPayload {
  @IsUUID() userId: string;
  @IsUUID() sessionId: string;
}

/** The token of the "end that session" link in a new-sign-in email. */
export class EndSessionLinkPayload {
  @ApiProperty({ description: 'The token from the emailed link' })
  @IsString(refusal('session_end_link_required'))
  @IsNotEmpty(refusal('session_end_link_required'))
  @MaxLength(200, refusal('session_end_link_invalid'))
  token: string;
}

export class SessionEndedFromLink {
  @ApiProperty({ example: true }) ended: true;
}

export const SessionDeviceCommands = {
  /** The caller's live sessions, theirs marked current. */
  listMySessions: defineCommand<EmptyPayload, SessionList>('identity.sessions.list-own.v1', EmptyPayload),
  /** Ends one of the caller's own sessions (another user's is not found); audited. */
  endMySession: defineCommand<SessionIdPayload, SessionsEnded>('identity.sessions.end-own.v1', SessionIdPayload),
  /** Ends every session of the caller but the current one; each ending audited. */
  endMyOtherSessions: defineCommand<EmptyPayload, SessionsEnded>('identity.sessions.end-own-others.v1', EmptyPayload),
  /** Admins with the users permission (administrators' sessions: super admins): a user's live sessions. */
  listUserSessions: defineCommand<UserSessionsPayload, SessionList>('identity.sessions.list-user.v1', UserSessionsPayload),
  /** As listUserSessions: ends one of the user's sessions, audited with the admin as actor. */
  endUserSession: defineCommand<UserSessionPayload, SessionsEnded>('identity.sessions.end-user.v1', UserSessionPayload),
  /** No sign-in: the single-use link of a new-sign-in email ends the session it was sent for. */
  endSessionFromLink: defineCommand<EndSessionLinkPayload, SessionEndedFromLink>('identity.sessions.end-from-link.v1', EndSessionLinkPayload),
} as const;
