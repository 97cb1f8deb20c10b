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
