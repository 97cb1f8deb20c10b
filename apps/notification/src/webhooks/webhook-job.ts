import { JobsOptions } from 'bullmq';

/** A queued delivery: the row holds everything else. */
export interface WebhookJobData {
  deliveryId: string;
  requestId?: string;
}

/**
 * Waits between attempts, as multiples of the first (5 s by default): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h, about a day in all before the delivery is marked failed.
 */
const BACKOFF_STEPS = [1, 60, 360, 1_440, 3_600, 7_200, 7_200];
export const WEBHOOK_ATTEMPTS = BACKOFF_STEPS.length + 1;

/** The wait before retry number `attemptsMade` (1-based), scaled by WEBHOOK_RETRY_DELAY_MS. */
export function webhookRetryDelay(attemptsMade: number, firstDelayMs: number): number {
  return BACKOFF_STEPS[Math.min(Math.max(attemptsMade, 1), BACKOFF_STEPS.length) - 1] * firstDelayMs;
}

const WEEK_IN_SECONDS = 7 * 24 * 3600;

/**
 * The job id is the delivery's identity (BullMQ refuses ':' in ids): an event handled again
 * finds its job taken and adds nothing. Jobs are kept a week after they finish for that.
 */
export function webhookJobOptions(deliveryId: string): JobsOptions {
  return {
    jobId: `webhook.${deliveryId}`,
    attempts: WEBHOOK_ATTEMPTS,
    backoff: { type: 'webhook' },
    removeOnComplete: { age: WEEK_IN_SECONDS },
    removeOnFail: { age: WEEK_IN_SECONDS },
  };
}
