import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, Matches, registerDecorator, ValidationArguments } from 'class-validator';
import { IsIntInRange, parseFlag, ServiceEnvironment } from '@portal/config';

/**
 * On a Redis Cluster (REDIS_CLUSTER_NODES set) the prefix must carry a hash tag: BullMQ's
 * scripts touch several keys of a queue at once, and only a shared tag keeps them in one slot.
 * The tag is the text between the first `{` and the next `}`, not empty (the cluster's rule).
 */
function HashTaggedOnCluster() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'hashTaggedOnCluster',
      target: target.constructor,
      propertyName,
      options: { message: 'must carry a hash tag, e.g. {bull}, while REDIS_CLUSTER_NODES is set' },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          !(args.object as { REDIS_CLUSTER_NODES?: string }).REDIS_CLUSTER_NODES || (typeof value === 'string' && /^[^{]*\{[^}]+\}/.test(value)),
      },
    });
}

// Types are written out (not inferred from the defaults) because the conversion of
// numbers reads the emitted design type, which transpile-only builds leave as Object.
export class NotificationEnvironment extends ServiceEnvironment {
  /** Where email is handed over; smtps:// for implicit TLS, credentials in the URL. */
  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL: string = 'smtp://127.0.0.1:1025';

  @IsString()
  @IsNotEmpty()
  MAIL_FROM: string = '"Investment Portal" <no-reply@portal.local>';

  /** Emails one worker process sends at the same time. */
  @IsIntInRange(1, 100)
  EMAIL_WORKER_CONCURRENCY: number = 5;

  /** Run the email worker inside the service process (one process per service); set
   * false when the worker runs on its own (`npm run start:worker`). */
  @Transform(parseFlag)
  @IsBoolean({ message: 'must be true or false' })
  EMAIL_WORKER_INLINE: boolean = true;

  /** Wait before the first retry of a failed email; it doubles with each attempt. */
  @IsIntInRange(10, 3_600_000)
  EMAIL_RETRY_DELAY_MS: number = 30_000;

  /**
   * Hosts (exact names or IP literals) and CIDRs webhooks may be sent to although they are
   * private, loopback or otherwise internal, comma-separated: an operator's choice, e.g. an
   * in-cluster receiver. Everything else internal is refused (no request forgery).
   */
  @IsString()
  WEBHOOK_ALLOWED_HOSTS: string = '';

  /** Wait before a webhook's first retry (5 s); the later ones (5 min … 10 h, about a day in all) scale with it, so tests can shrink them. */
  @IsIntInRange(10, 3_600_000)
  WEBHOOK_RETRY_DELAY_MS: number = 5_000;

  /**
   * BullMQ's key prefix for the email and webhook queues (producers and workers alike).
   * `{bull}`, a hash tag, keeps each queue's keys in one Redis Cluster slot, as BullMQ's
   * scripts need. Jobs stay under the prefix they were queued with: a change leaves waiting,
   * delayed and failed jobs (and the memory of jobs already sent) behind, so it is set on a
   * new deployment or after draining the queues. Required (refused at start otherwise)
   * while REDIS_CLUSTER_NODES is set.
   */
  @Matches(/^\S+$/, { message: 'must be a key prefix without spaces' })
  @HashTaggedOnCluster()
  BULLMQ_PREFIX: string = 'bull';
}
