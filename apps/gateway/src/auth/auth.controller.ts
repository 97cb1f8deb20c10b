import { Body, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import {
  AcceptedResult,
  AuthErrorCodes,
  AuthSession,
  CompleteMfaSignInPayload,
  ConfirmEmailPayload,
  IdentityCommands,
  isMfaChallenge,
  MfaChallenge,
  MfaSignInSession,
  MfaTokenPayload,
  SignInResult,
  TwoFactorEnrolment,
  PasswordUpdatedResult,
  RefreshSessionPayload,
  RequestMeta,
  RequestPasswordResetPayload,
  ResendConfirmationPayload,
  ResendConfirmationResult,
  SignInPayload,
  SignOutPayload,
  SignUpPayload,
  SignUpResult,
  UpdatePasswordPayload,
} from '@portal/contracts';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { GATEWAY_CONFIG } from '../connections/tokens';
import type { GatewayConfig } from '../config/gateway-environment';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { ActionEndpoint, ApiController, PostEndpoint } from '../openapi/endpoint.decorators';
import { Public } from './access.decorators';
import { AccessTokenAuthenticator } from './access-token.authenticator';
import { bearerToken } from './access-token.strategy';
import { RefreshCookie } from './refresh-cookie';

/** Sign-up, confirmation, sign-in and sessions: identity decides, the gateway forwards and keeps the cookie. */
@ApiController('auth', 'api/v1/auth')
@ApiExtraModels(AuthSession, MfaChallenge)
@Public()
export class AuthController {
  /** Sign-in, sign-up and a new password queue behind identity's bounded password hashing. */
  private readonly passwordCheckWaitMs: number;

  constructor(
    private readonly services: ServiceClient,
    private readonly cookie: RefreshCookie,
    private readonly accessTokens: AccessTokenAuthenticator,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.passwordCheckWaitMs = config.environment.PASSWORD_CHECK_WAIT_MS;
  }

  @PostEndpoint('signup', { summary: 'Create a customer account; a confirmation link is emailed. An address that already has an account gets the same answer (its owner is emailed instead), so the answer never tells who is registered', type: SignUpResult, errors: [400, 403] })
  signUp(@Body() payload: SignUpPayload, @RequestMetadata() meta: RequestMeta): Promise<SignUpResult> {
    return this.services.send(IdentityCommands.signUp, payload, meta, this.passwordCheckWaitMs);
  }

  @ActionEndpoint('confirm-email', { summary: 'Confirm the email address from the emailed link; signs the person in', type: AuthSession, description: 'Also sets the httpOnly refresh-token cookie', errors: [400, 404, 409, 410] })
  async confirmEmail(@Body() payload: ConfirmEmailPayload, @RequestMetadata() meta: RequestMeta, @Res({ passthrough: true }) res: Response): Promise<AuthSession> {
    return this.startSession(res, await this.services.send(IdentityCommands.confirmEmail, payload, meta));
  }

  @Post('resend-confirmation')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Email a new confirmation link (never reveals whether an account exists)' })
  @ApiAcceptedResponse({ type: ResendConfirmationResult })
  @ApiErrorResponses(400, 409)
  resendConfirmation(@Body() payload: ResendConfirmationPayload, @RequestMetadata() meta: RequestMeta): Promise<ResendConfirmationResult> {
    return this.services.send(IdentityCommands.resendConfirmation, payload, meta);
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with email and password; with two-factor on (or required), answers a challenge for /auth/login/mfa instead of a session' })
  @ApiOkResponse({
    description: 'A session (and the httpOnly refresh-token cookie), or `{mfaRequired: true, mfaToken, enrolmentRequired}` when a code is needed',
    schema: { oneOf: [{ $ref: getSchemaPath(AuthSession) }, { $ref: getSchemaPath(MfaChallenge) }] },
  })
  @ApiErrorResponses(400, 401, 403)
  async signIn(@Body() payload: SignInPayload, @RequestMetadata() meta: RequestMeta, @Res({ passthrough: true }) res: Response): Promise<SignInResult> {
    const result = await this.services.send(IdentityCommands.signIn, payload, meta, this.passwordCheckWaitMs);
    // No cookie yet: the second step issues the session.
    if (isMfaChallenge(result)) return result;
    return this.startSession(res, result);
  }

  @ActionEndpoint('login/mfa', { summary: 'Second step of sign-in: the challenge and an authenticator code or a recovery code (for a required enrolment, the first code of the new secret)', type: MfaSignInSession, description: 'Also sets the httpOnly refresh-token cookie; recoveryCodes only after a required enrolment', errors: [400, 401, 403, 409] })
  async completeMfaSignIn(@Body() payload: CompleteMfaSignInPayload, @RequestMetadata() meta: RequestMeta, @Res({ passthrough: true }) res: Response): Promise<MfaSignInSession> {
    const session = await this.services.send(IdentityCommands.completeMfaSignIn, payload, meta);
    this.cookie.set(res, session.refreshToken);
    return session;
  }

  @ActionEndpoint('login/mfa/enrol', { summary: 'An administrator required to use two-factor gets a new authenticator secret during sign-in', type: TwoFactorEnrolment, errors: [400, 401, 403, 409] })
  startMfaEnrolment(@Body() payload: MfaTokenPayload, @RequestMetadata() meta: RequestMeta): Promise<TwoFactorEnrolment> {
    return this.services.send(IdentityCommands.startMfaSignInEnrolment, payload, meta);
  }

  @ActionEndpoint('refresh', { summary: 'Renew the session: the refresh token comes from the cookie, or from the body for API clients; it is rotated', type: AuthSession, description: 'Also sets the rotated refresh-token cookie', errors: [400, 401] })
  @ApiBody({ type: RefreshSessionPayload, required: false })
  async refresh(
    @Body() payload: RefreshSessionPayload,
    @RequestMetadata() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthSession> {
    const refreshToken = payload.refreshToken ?? this.cookie.readFromOwnPage(req);
    if (!refreshToken) {
      this.cookie.clear(res);
      throw ApiError.of(401, AuthErrorCodes.sessionEnded);
    }
    try {
      return this.startSession(res, await this.services.send(IdentityCommands.refreshSession, { refreshToken }, meta));
    } catch (error) {
      // A refused token is dead for good; an outage (5xx) is not, so the cookie stays for a retry.
      if (!(error instanceof ServiceCallError) || error.body.statusCode < 500) this.cookie.clear(res);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'End the session of the refresh token (cookie or body) and of the bearer access token, and clear the cookie' })
  @ApiBody({ type: SignOutPayload, required: false })
  @ApiNoContentResponse({ description: 'Signed out (also when there was no session)' })
  @ApiErrorResponses(400)
  async signOut(@Body() payload: SignOutPayload, @RequestMetadata() meta: RequestMeta, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const refreshToken = payload.refreshToken ?? this.cookie.readFromOwnPage(req);
    // Cleared first: the browser is signed out even if identity cannot be told right now.
    this.cookie.clear(res);
    if (refreshToken) await this.services.send(IdentityCommands.signOut, { refreshToken }, meta);
    // An API client that signs out with only its access token ends that token's session too.
    // A token that is expired, forged or already revoked has nothing left to end.
    if (bearerToken(req)) {
      const actor = await this.accessTokens.authenticate(req).catch(() => null);
      if (actor) await this.services.send(IdentityCommands.signOutCurrentSession, {}, { ...meta, actor });
    }
  }

  @Post('password-reset')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Email a password reset link; always accepted, whether or not the account exists' })
  @ApiAcceptedResponse({ type: AcceptedResult })
  @ApiErrorResponses(400)
  async requestPasswordReset(@Body() payload: RequestPasswordResetPayload, @RequestMetadata() meta: RequestMeta): Promise<AcceptedResult> {
    return this.services.send(IdentityCommands.requestPasswordReset, payload, meta);
  }

  @ActionEndpoint('password-update', { summary: 'Set a new password with the token of the emailed reset link; ends every session', type: PasswordUpdatedResult, errors: [400] })
  async updatePassword(@Body() payload: UpdatePasswordPayload, @RequestMetadata() meta: RequestMeta): Promise<PasswordUpdatedResult> {
    return this.services.send(IdentityCommands.updatePassword, payload, meta, this.passwordCheckWaitMs);
  }

  private startSession(res: Response, session: AuthSession): AuthSession {
    this.cookie.set(res, session.refreshToken);
    return session;
  }
}
