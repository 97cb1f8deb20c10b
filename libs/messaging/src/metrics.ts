import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at /metrics on its operations port
 * (HEALTH_PORT). One registry per process; every metric carries the service's name.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export function labelMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const commandDuration = new Histogram({
  name: 'portal_command_duration_seconds',
  help: 'Time to answer a NATS command, by subject and outcome (ok or the HTTP status of the refusal)',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request at the gateway, by method, route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const eventsHandled = new Counter({
  name: 'portal_events_total',
  help: 'Events taken from a stream by outcome: handled, duplicate, retried, dead_lettered',
  labelNames: ['stream', 'subject', 'outcome'],
  registers: [metricsRegistry],
});

export const workAfterReply = new Counter({
  name: 'portal_work_after_reply_total',
  help: 'Work started after a request was answered (an emailed link the caller was told is on its way), by what and outcome: done or failed',
  labelNames: ['what', 'outcome'],
  registers: [metricsRegistry],
});

type Sample = { labels: Record<string, string>; value: number };

/**
 * A gauge measured when scraped, from sources that come and go with the apps of the
 * process (tests start several in one process; each adds and removes its own source).
 */
export class ScrapedGauge {
  private readonly sources = new Set<() => Promise<Sample[]>>();

  constructor(name: string, help: string, labelNames: string[]) {
    const sources = this.sources;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        for (const source of sources) {
          try {
            for (const sample of await source()) this.set(sample.labels, sample.value);
          } catch {
            // A source that cannot answer now (database down) leaves its samples out.
          }
        }
      },
    });
  }

  add(source: () => Promise<Sample[]>): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }
}

export const outboxBacklog = new ScrapedGauge('portal_outbox_backlog', 'Outbox events written and not yet published to JetStream', []);
export const consumerPending = new ScrapedGauge('portal_event_consumer_pending', 'Events of a stream not yet delivered to the service (consumer lag)', ['stream']);
export const consumerRedelivering = new ScrapedGauge('portal_event_consumer_redelivering', 'Events delivered and not yet acknowledged (in progress or awaiting redelivery)', ['stream']);
export const databasePool = new ScrapedGauge('portal_database_pool_connections', 'PostgreSQL pool connections by state: total, idle, waiting (clients queued for one)', ['state']);
