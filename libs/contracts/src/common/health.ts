import { CommandDefinition, defineCommand, EmptyPayload } from './messages';

export const BACKEND_SERVICES = ['identity', 'applications', 'ledger', 'support', 'kyc', 'notification'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];

/** Each service answers this with its own and its dependencies' state. */
export function healthCommand(service: BackendService): CommandDefinition<EmptyPayload, ServiceHealth> {
  return defineCommand<EmptyPayload, ServiceHealth>(`${service}.health.check.v1`, EmptyPayload);
}

export interface DependencyHealth {
  name: string;
  status: 'up' | 'down';
  error?: string;
}

export interface ServiceHealth {
  service: BackendService;
  status: 'up' | 'down';
  instance: string;
  dependencies: DependencyHealth[];
}
