import { Body, Delete, HttpCode, HttpStatus, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
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
import { ApiErrorResponses } from '../openapi/api-responses';
import { ActionEndpoint, ApiController, GetEndpoint, PatchEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';

const passkeyId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, PasskeyErrorCodes.notFound) });

/** Signing in with a passkey alone (discoverable credentials): no email, no password, no second code. */
@ApiController('auth', 'api/v1/auth/passkeys')
@Public()
export class PasskeySignInController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookie: RefreshCookie,
  ) {}

  @ActionEndpoint('options', { summary: 'Options for navigator.credentials.get(): a single-use challenge, no credentials listed (the browser offers its passkeys for this site)', type: PasskeyRequestOptions })
  signInOptions(@RequestMetadata() meta: RequestMeta): Promise<PasskeyRequestOptions> {
    return this.services.send(IdentityCommands.passkeySignInOptions, {}, meta);
  }

  @ActionEndpoint('sign-in', { summary: 'Sign in with the browser’s answer to the options: a session as the password sign-in gives (a passkey also satisfies two-factor)', type: AuthSession, description: 'Also sets the httpOnly refresh-token cookie', errors: [400, 401, 403] })
  async signIn(@Body() payload: PasskeyAssertionPayload, @RequestMetadata() meta: RequestMeta, @Res({ passthrough: true }) res: Response): Promise<AuthSession> {
    const session = await this.services.send(IdentityCommands.signInWithPasskey, payload, meta);
    this.cookie.set(res, session.refreshToken);
    return session;
  }
}

/** The signed-in person's passkeys (Settings → Security). */
@ApiController('me', 'api/v1/me/passkeys')
@SignedIn()
export class MyPasskeysController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'The caller’s passkeys: name, when added and last used', type: PasskeyList })
  list(@RequestMetadata() meta: RequestMeta): Promise<PasskeyList> {
    return this.services.send(IdentityCommands.listPasskeys, {}, meta);
  }

  @ActionEndpoint('registration-options', { summary: 'Options for navigator.credentials.create(): a discoverable passkey for the caller, with a single-use challenge', type: PasskeyCreationOptions, errors: [401, 409] })
  registrationOptions(@RequestMetadata() meta: RequestMeta): Promise<PasskeyCreationOptions> {
    return this.services.send(IdentityCommands.passkeyRegistrationOptions, {}, meta);
  }

  @PostEndpoint({ summary: 'Add a passkey: the browser’s answer to the registration options is verified and kept under the given name', type: PasskeySummary, errors: [400, 401, 409] })
  register(@Body() payload: RegisterPasskeyPayload, @RequestMetadata() meta: RequestMeta): Promise<PasskeySummary> {
    return this.services.send(IdentityCommands.registerPasskey, payload, meta);
  }

  @PatchEndpoint(':id', { summary: 'Rename one of the caller’s passkeys', type: PasskeySummary, errors: [400, 401, 404] })
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
