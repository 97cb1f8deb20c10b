import { isMainThread } from 'node:worker_threads';
import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import { currentTraceId } from './trace-id';
import { currentRequestId } from './request-context';

/** Lines are collected into writes of about this size... */
export const LOG_WRITE_BYTES = 16384;
/** ...or written after this long at the latest, so a quiet process's lines still show promptly. */
export const LOG_FLUSH_INTERVAL_MS = 250;

/** Signals that end a process by default; the buffer is written before they do. */
const ENDING_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** What flushBeforeSignalDeath needs of `process` (a stand-in in tests). */
export interface SignalTarget {
  pid: number;
  on(signal: string, listener: () => void): unknown;
  removeListener(signal: string, listener: () => void): unknown;
  listenerCount(signal: string): number;
  kill(pid: number, signal: string): unknown;
}

/**
 * Writes what is buffered before a signal ends the process. A handler of ours alone does
 * nothing while anyone else handles the signal (Nest's shutdown hooks close the app and
 * then raise the signal again); once it is the last, it writes the buffer synchronously
 * and raises the signal again itself, so the process still ends the way the signal ends it.
 */
export function flushBeforeSignalDeath(flushSync: () => void, target: SignalTarget = process): void {
  for (const signal of ENDING_SIGNALS) {
    const onSignal = () => {
      if (target.listenerCount(signal) > 1) return;
      try {
        flushSync();
      } catch {
        // Nothing left to tell it to: stdout is gone.
      }
      target.removeListener(signal, onSignal);
      target.kill(target.pid, signal);
    };
    target.on(signal, onSignal);
  }
}

let stdout: DestinationStream | undefined;

/**
 * The process's one stdout destination, shared by all its loggers so their lines stay in
 * order: asynchronous writes (never blocking a request on a slow log reader) of about
 * LOG_WRITE_BYTES, or every LOG_FLUSH_INTERVAL_MS, written out synchronously when the
 * process exits (pino) or a signal ends it (flushBeforeSignalDeath).
 */
function stdoutDestination(): DestinationStream {
  if (!stdout) {
    // sonic-boom wants a single write's limit above the batch size (its default, 16 KB, is not).
    const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES, maxWrite: 4 * LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_INTERVAL_MS });
    if (isMainThread) flushBeforeSignalDeath(() => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}

/** Writes what the process's loggers have buffered, now (before an abrupt exit of one's own). */
export function flushLogsSync(): void {
  (stdout as { flushSync?: () => void } | undefined)?.flushSync?.();
}

/** What every line has: the service, an ISO time, the level's label, the message under `message`. */
function lineShape(level: string, base: Record<string, unknown>) {
  return {
    level,
    base,
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'message',
    formatters: { level: (label: string) => ({ level: label }) },
  };
}

/**
 * One JSON line per log entry, with the service name and, inside a request, its id and
 * trace id, so a request can be followed across the gateway and the services.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      ...lineShape(level, { service }),
      mixin: () => {
        const requestId = currentRequestId();
        const traceId = currentTraceId();
        return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
      },
      redact: {
        paths: ['*.password', '*.confirmPassword', '*.currentPassword', '*.newPassword', '*.token', '*.refreshToken', '*.accessToken'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

const fixedLineLoggers = new WeakMap<Logger, Logger>();

/**
 * For the lines written for every request and every command (the access log, the command
 * log), beside `logger`: same service, level and destination, so the lines interleave in
 * order. Those lines have a fixed shape of plain fields, with nothing to redact, and carry
 * their request id and trace id themselves; so no redaction pass (with wildcard paths it
 * walks every line) and no mixin, which together were about a twentieth of a short
 * read's CPU in the gateway and in the service. Anything else goes through `logger`.
 */
export function fixedLineLoggerOf(logger: Logger): Logger {
  let fixed = fixedLineLoggers.get(logger);
  if (!fixed) {
    const destination = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
    fixed = pino(lineShape(logger.level, logger.bindings()), destination);
    fixedLineLoggers.set(logger, fixed);
  }
  return fixed;
}

/** Lets Nest's own messages go through the same JSON logger. */
export class JsonLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string) {
    if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}

export type { Logger };
