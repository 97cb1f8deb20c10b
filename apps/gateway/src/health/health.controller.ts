import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly, Public } from '../auth/access.decorators';
import { ApiCommonErrors } from '../openapi/api-responses';
import { LivenessReport, PublicReadinessReport, publicReadiness, ReadinessReport } from './readiness.report';
import { Readiness } from './readiness';

/** Probes for load balancers and orchestrators; outside /api, so never rate limited. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the gateway process answers' })
  @ApiOkResponse({ type: LivenessReport })
  live(): LivenessReport {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: NATS, Redis and every backend service answer' })
  @ApiOkResponse({ type: PublicReadinessReport })
  @ApiServiceUnavailableResponse({ type: PublicReadinessReport, description: 'A dependency or a service is down' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<PublicReadinessReport> {
    const report = await this.readiness.check();
    res.status(report.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    // Probes must see the state of now, never a cached answer.
    res.setHeader('Cache-Control', 'no-store');
    // Host names, process ids and error texts help an attacker map the system: operators read them below.
    return publicReadiness(report);
  }
}

/** The full readiness report (instances, each service's dependencies, errors), for administrators. */
@ApiTags('admin')
@ApiCommonErrors()
@AdminOnly()
@Controller('api/v1/admin/health')
export class HealthDetailsController {
  constructor(private readonly readiness: Readiness) {}

  @Get()
  @ApiOperation({ summary: 'Readiness with its details: which instance answered, dependencies and errors' })
  @ApiOkResponse({ type: ReadinessReport })
  details(): Promise<ReadinessReport> {
    return this.readiness.check();
  }
}
