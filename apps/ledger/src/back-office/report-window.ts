import { reportWindowCode } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { isRealTimestamp } from '../book/timestamps';

/**
 * Why a report window cannot be answered, as a refusal, or null when it can. Both ends must
 * be real instants first: the gateway sends instants it computed, and a crafted impossible
 * date must not reach PostgreSQL.
 */
export function reportWindowRefusal(window: { from: string; to: string }): ServiceError | null {
  const code = isRealTimestamp(window.from) && isRealTimestamp(window.to) ? reportWindowCode(window) : 'report_window_invalid';
  return code ? ServiceError.of(400, code) : null;
}
