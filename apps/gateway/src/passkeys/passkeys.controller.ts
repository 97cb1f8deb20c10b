import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Patch, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import {
  AuthSession,
  IdentityCommands,
  PasskeyAssertionPayload,
  PasskeyCreationOptions,
  PasskeyErrorCodes,
  PasskeyList,
  PasskeyNamePayload,
  PasskeyRequestOptions,
  PasskeySummary,
  RegisterPasskeyPayload,
  RequestMeta,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { Public, SignedIn } from '../auth/access.decorators';
import { RequiresRecentSignIn } from '../auth/recent-sign-in.guard';
import { RefreshCookie } from '../auth/refresh-cookie';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';

const passkeyId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, PasskeyErrorCodes.notFound) });

/** Signing in with a passkey alone (discoverable credentials): no email, no password, no second code. */
@ApiTags('auth')
@ApiCommonErrors()
@Public()
@Controller('api/v1/auth/passkeys')
export class PasskeySignInController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookie: RefreshCookie,
  ) {}

  @Post('options')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Options for navigator.credentials.get(): a single-use challenge, no credentials listed (the browser offers its passkeys for this site)' })
  @ApiOkResponse({ type: PasskeyRequestOptions })
  signInOptions(@RequestMetadata() meta: RequestMeta): Promise<PasskeyRequestOptions> {
    return this.services.send(IdentityCommands.passkeySignInOptions, {}, meta);
  }

  @Post('sign-in')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with the browser’s answer to the options: a session as the password sign-in gives (a passkey also satisfies two-factor)' })
  @ApiOkResponse({ type: AuthSession, description: 'Also sets the httpOnly refresh-token cookie' })
  @ApiErrorResponses(400, 401, 403)
  async signIn(@Body() payload: PasskeyAssertionPayload, @RequestMetadata() meta: RequestMeta, @Res({ passthrough: true }) res: Response): Promise<AuthSession> {
    const session = await this.services.send(IdentityCommands.signInWithPasskey, payload, meta);
    this.cookie.set(res, session.refreshToken);
    return session;
  }
}

/** The signed-in person's passkeys (Settings → Security). */
@ApiTags('me')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/me/passkeys')
export class MyPasskeysController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The caller’s passkeys: name, when added and last used' })
  @ApiOkResponse({ type: PasskeyList })
  list(@RequestMetadata() meta: RequestMeta): Promise<PasskeyList> {
    return this.services.send(IdentityCommands.listPasskeys, {}, meta);
  }

  @Post('registration-options')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Options for navigator.credentials.create(): a discoverable passkey for the caller, with a single-use challenge' })
  @ApiOkResponse({ type: PasskeyCreationOptions })
  @ApiErrorResponses(401, 409)
  registrationOptions(@RequestMetadata() meta: RequestMeta): Promise<PasskeyCreationOptions> {
    return this.services.send(IdentityCommands.passkeyRegistrationOptions, {}, meta);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Add a passkey: the browser’s answer to the registration options is verified and kept under the given name' })
  @ApiCreatedResponse({ type: PasskeySummary })
  @ApiErrorResponses(400, 401, 409)
  register(@Body() payload: RegisterPasskeyPayload, @RequestMetadata() meta: RequestMeta): Promise<PasskeySummary> {
    return this.services.send(IdentityCommands.registerPasskey, payload, meta);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename one of the caller’s passkeys' })
  @ApiOkResponse({ type: PasskeySummary })
  @ApiErrorResponses(400, 401, 404)
  rename(@Param('id', passkeyId) id: string, @Body() body: PasskeyNamePayload, @RequestMetadata() meta: RequestMeta): Promise<PasskeySummary> {
    return this.services.send(IdentityCommands.renamePasskey, { passkeyId: id, name: body.name }, meta);
  }

  @Delete(':id')
  @RequiresRecentSignIn()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove one of the caller’s passkeys: it signs in no more' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrorResponses(401, 404)
  async remove(@Param('id', passkeyId) id: string, @RequestMetadata() meta: RequestMeta): Promise<void> {
    await this.services.send(IdentityCommands.removePasskey, { passkeyId: id }, meta);
  }
}
