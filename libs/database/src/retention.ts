import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { runOncePerCluster } from './cluster-lock';

const BATCH_SIZE = 1_000;
const DAY_MS = 86_400_000;

/** A table's rows whose `column` (a timestamp) is older than `keepDays`. */
export interface RetentionRule {
  /** Names the rule in logs and in what `purgeExpired` returns. */
  name: string;
  entity: EntityTarget<ObjectLiteral>;
  column: string;
  keepDays: number;
}

/**
 * Deletes what the rules no longer keep, a thousand rows per statement so no lock is held
 * for long; returns how many rows went, by rule. Safe on several replicas at once.
 */
export async function purgeExpired(dataSource: DataSource, rules: readonly RetentionRule[], now = new Date()): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    const { schema, tableName, primaryColumns } = dataSource.getMetadata(rule.entity);
    const table = [schema, tableName].filter((part): part is string => Boolean(part)).map((part) => dataSource.driver.escape(part)).join('.');
    const key = dataSource.driver.escape(primaryColumns[0].databaseName);
    const cutoff = new Date(now.getTime() - rule.keepDays * DAY_MS);
    deleted[rule.name] = 0;
    for (;;) {
      const [, count] = (await dataSource.query(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${dataSource.driver.escape(rule.column)} < $1 LIMIT ${BATCH_SIZE})`,
        [cutoff],
      )) as [unknown, number];
      deleted[rule.name] += count;
      if (count < BATCH_SIZE) break;
    }
  }
  return deleted;
}

/**
 * Runs `work` a minute after start, then hourly after each run ends, until stopped; the
 * schedule alone never keeps the process alive. `stop` waits for a run under way.
 */
export class HourlySchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly timing = { firstRunMs: 60_000, intervalMs: 3_600_000 },
  ) {}

  start(): void {
    this.next(this.timing.firstRunMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private next(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.work()
        .catch(() => undefined)
        .finally(() => this.next(this.timing.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}

/** Where a retention job says what it did (a service's logger). */
export interface RetentionLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * A service's retention: its rules purged hourly (HourlySchedule), each run logged as
 * `<what> deleted` with the counts by rule, a failed run as a warning that it will retry.
 * Every replica schedules it; one at a time runs it (runOncePerCluster, keyed by the
 * service's schema and `what`), the others skip that hour's turn.
 * A service wires start and stop to its own lifecycle.
 */
export class RetentionJob {
  private readonly schedule = new HourlySchedule(() =>
    this.purgeOnce().then(
      (run) => {
        if (run.ran) this.log.info({ deleted: run.result }, `${this.what} deleted`);
      },
      (error: unknown) => this.log.warn({ err: String(error) }, `could not delete ${this.what}; will retry`),
    ),
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: readonly RetentionRule[],
    private readonly log: RetentionLog,
    /** What the rules delete, for the log ("expired identity records"). */
    private readonly what: string,
    /** Whose "now" ages the records: the clock the service dates them by (its Clock), the wall clock unless given. */
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /** Deletes what the rules no longer keep; returns how many rows went, by rule. Safe on several replicas at once. */
  purge(now = this.clock.now()): Promise<Record<string, number>> {
    return purgeExpired(this.dataSource, this.rules, now);
  }

  /** The scheduled run: purges unless another replica of the service is purging the same rules. */
  purgeOnce(now = this.clock.now()) {
    const schema = (this.dataSource.options as { schema?: string } | undefined)?.schema ?? 'public';
    return runOncePerCluster(this.dataSource, `retention:${schema}:${this.what}`, () => this.purge(now));
  }
}
