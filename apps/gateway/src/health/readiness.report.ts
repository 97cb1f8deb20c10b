import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BACKEND_SERVICES, BackendService } from '@portal/contracts';

const STATUSES = ['up', 'down'] as const;
type Status = (typeof STATUSES)[number];

export class LivenessReport {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
}

export class DependencyStatus {
  @ApiProperty({ example: 'redis' }) name: string;
  @ApiProperty({ enum: STATUSES }) status: Status;
  @ApiPropertyOptional() error?: string;
}

export class ServiceStatus {
  @ApiProperty({ enum: BACKEND_SERVICES }) service: BackendService;
  @ApiProperty({ enum: STATUSES }) status: Status;
  @ApiPropertyOptional({ type: [String], description: 'The instance that answered (replicas share one queue group, so one answers)' })
  instances?: string[];
  @ApiPropertyOptional({ type: [DependencyStatus], description: "The service's own dependencies, as it reports them" })
  dependencies?: DependencyStatus[];
  @ApiPropertyOptional() error?: string;
}

export class ReadinessReport {
  @ApiProperty({ enum: STATUSES }) status: Status;
  @ApiProperty({ type: [DependencyStatus], description: "The gateway's own dependencies: nats and redis" }) dependencies: DependencyStatus[];
  @ApiProperty({ type: [ServiceStatus] }) services: ServiceStatus[];
}

/** What anyone may see: up or down per dependency and service, no host names, versions or errors. */
export class PublicDependencyStatus {
  @ApiProperty({ example: 'redis' }) name: string;
  @ApiProperty({ enum: STATUSES }) status: Status;
}

export class PublicServiceStatus {
  @ApiProperty({ enum: BACKEND_SERVICES }) service: BackendService;
  @ApiProperty({ enum: STATUSES }) status: Status;
}

export class PublicReadinessReport {
  @ApiProperty({ enum: STATUSES }) status: Status;
  @ApiProperty({ type: [PublicDependencyStatus] }) dependencies: PublicDependencyStatus[];
  @ApiProperty({ type: [PublicServiceStatus] }) services: PublicServiceStatus[];
}

export function publicReadiness(report: ReadinessReport): PublicReadinessReport {
  return {
    status: report.status,
    dependencies: report.dependencies.map(({ name, status }) => ({ name, status })),
    services: report.services.map(({ service, status }) => ({ service, status })),
  };
}
