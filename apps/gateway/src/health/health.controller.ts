import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators';
import { LivenessReport, ReadinessReport } from './readiness.report';
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
  @ApiOkResponse({ type: ReadinessReport })
  @ApiServiceUnavailableResponse({ type: ReadinessReport, description: 'A dependency or a service is down' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.readiness.check();
    res.status(report.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    // Probes must see the state of now, never a cached answer.
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
