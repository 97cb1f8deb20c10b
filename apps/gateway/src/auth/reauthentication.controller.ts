import { Body, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { IdentityCommands, PasskeyRequestOptions, ReauthenticatePayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import type { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { RequestMetadata } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { ActionEndpoint, ApiController } from '../openapi/endpoint.decorators';
import { SignedIn } from './access.decorators';

/** A signed-in person confirms it is them again, before what needs a recent sign-in proof. */
@ApiController('auth', 'api/v1/auth/reauthenticate')
@SignedIn()
export class ReauthenticationController {
  /** A password proof queues behind identity's bounded password hashing, as sign-in does. */
  private readonly passwordCheckWaitMs: number;

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.passwordCheckWaitMs = config.environment.PASSWORD_CHECK_WAIT_MS;
  }

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Confirm it is you with your password, an authenticator or recovery code, or a passkey: the session counts as freshly signed in for 5 minutes',
  })
  @ApiNoContentResponse({ description: 'Confirmed' })
  @ApiErrorResponses(400, 429)
  async reauthenticate(@Body() payload: ReauthenticatePayload, @RequestMetadata() meta: RequestMeta): Promise<void> {
    await this.services.send(IdentityCommands.reauthenticate, payload, meta, this.passwordCheckWaitMs);
  }

  @ActionEndpoint('passkey-options', { summary: "A challenge to answer with one of the caller's own passkeys (then POST /auth/reauthenticate with the assertion)", type: PasskeyRequestOptions })
  passkeyOptions(@RequestMetadata() meta: RequestMeta): Promise<PasskeyRequestOptions> {
    return this.services.send(IdentityCommands.passkeyProofOptions, {}, meta);
  }
}
