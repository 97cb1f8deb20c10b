import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Matches, Max, Min } from 'class-validator';
import { ServiceEnvironment } from '@portal/config';

// Environment values are strings and implicit conversion turns any non-empty string
// (even "false") into true, so flags are read from the raw value.
function parseFlag({ obj, key }: { obj: Record<string, unknown>; key: string }): unknown {
  const raw = obj[key];
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  return raw;
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
  @IsInt()
  @Min(1)
  @Max(100)
  EMAIL_WORKER_CONCURRENCY: number = 5;

  /** Run the email worker inside the service process (one process per service); set
   * false when the worker runs on its own (`npm run start:worker`). */
  @Transform(parseFlag)
  @IsBoolean({ message: 'must be true or false' })
  EMAIL_WORKER_INLINE: boolean = true;

  /** Wait before the first retry of a failed email; it doubles with each attempt. */
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  EMAIL_RETRY_DELAY_MS: number = 30_000;
}
