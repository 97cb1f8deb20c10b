import { Body, Param, ParseUUIDPipe } from '@nestjs/common';
import { KycVerificationCommands, RequestMeta, VerificationConfigView, VerificationSessionView, VerificationStepBody } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint, PatchEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'session_not_found') });

/** Account Verification: each step's still is uploaded with POST /api/v1/files (purpose kyc:biometric), then recorded here. */
@ApiController('kyc', 'api/v1/verification')
@SignedIn()
export class VerificationController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('config', { summary: 'Whether biometric verification is available (enabled and configured by an admin), and your latest verification', type: VerificationConfigView })
  config(@RequestMetadata() meta: RequestMeta): Promise<VerificationConfigView> {
    return this.services.send(KycVerificationCommands.config, {}, meta);
  }

  @PostEndpoint('sessions', { summary: 'Start a verification of three steps: face-scan, id-verification, liveness-check', type: VerificationSessionView, errors: [403] })
  start(@RequestMetadata() meta: RequestMeta): Promise<VerificationSessionView> {
    return this.services.send(KycVerificationCommands.start, {}, meta);
  }

  @PatchEndpoint('sessions/:id', { summary: "Record the next step: the provider decides on the still (fileId), or the camera's refusal fails it (Retry sends it again)", type: VerificationSessionView, errors: [400, 403, 404, 409] })
  recordStep(@Param('id', sessionId) id: string, @Body() body: VerificationStepBody, @RequestMetadata() meta: RequestMeta): Promise<VerificationSessionView> {
    return this.services.send(KycVerificationCommands.recordStep, { sessionId: id, step: body.step, fileId: body.fileId, outcome: body.outcome }, meta);
  }
}
