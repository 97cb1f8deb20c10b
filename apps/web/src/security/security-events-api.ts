import type { RecordSecurityEventPayload } from '@portal/api-client';
import { callGateway } from '../api/http';

export const securityEventsApi = {
  /** Tells the server about a blocked attempt the browser saw (e.g. a customer opening /admin). */
  report: (body: RecordSecurityEventPayload) =>
    callGateway((client, init) => client.POST('/api/v1/security-events', { ...init, body })),
};
