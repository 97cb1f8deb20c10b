import { Controller, HttpStatus, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { Public, RequiresAdminPermission } from '../auth/access.decorators';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { GatewayReadinessReport, gatewayReadiness, LivenessReport, ReadinessReport, ServicesReport, servicesReport } from './readiness.report';
import { Readiness } from './readiness';

/** Probes for load balancers and orchestrators; outside /api, so never rate limited. */
@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @GetEndpoint({ summary: 'Liveness: the gateway process answers', type: LivenessReport })
  live(): LivenessReport {
    return { status: 'ok' };
  }

  @GetEndpoint('ready', { summary: "Readiness: the gateway's own NATS and Redis (a stopped service makes only its own endpoints answer 503)", type: GatewayReadinessReport })
  @ApiServiceUnavailableResponse({ type: GatewayReadinessReport, description: 'NATS or Redis is unreachable' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<GatewayReadinessReport> {
    const report = gatewayReadiness(await this.readiness.ownDependencies());
    // Probes must see the state of now, never a cached answer.
    res.status(report.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).header('Cache-Control', 'no-store');
    // Host names, process ids and error texts help an attacker map the system: administrators read them at /api/v1/admin/health.
    return report;
  }

  @GetEndpoint('services', { summary: 'Whether every backend service answers (for operators; not a probe)', type: ServicesReport })
  @ApiServiceUnavailableResponse({ type: ServicesReport, description: 'A backend service does not answer' })
  async services(@Res({ passthrough: true }) res: Response): Promise<ServicesReport> {
    const report = servicesReport(await this.readiness.backendServices());
    res.status(report.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).header('Cache-Control', 'no-store');
    return report;
  }
}

/** The full readiness report (instances, each service's dependencies, errors), for administrators. */
@ApiController('admin', 'api/v1/admin/health')
@RequiresAdminPermission('any_admin')
export class HealthDetailsController {
  constructor(private readonly readiness: Readiness) {}

  @GetEndpoint({ summary: 'Readiness with its details: which instance answered, dependencies and errors', type: ReadinessReport })
  details(): Promise<ReadinessReport> {
    return this.readiness.check();
  }
}
