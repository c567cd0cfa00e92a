import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/db/client.server";
import { JOB_STATES, queueFigures } from "~/db/jobs.server";
import { outboxFigures } from "~/features/email/index.server";
import type { Clock } from "~/lib/clock";
import { describeError } from "~/lib/describe-error";
import type { RequestRecord } from "./request-log";

export type Metrics = {
  /** Counts an answered request (by its route's pattern, never its address). */
  request(record: RequestRecord): void;
  /** Counts a page answered from the page cache (a kept page) instead of rendered. */
  pageKept(): void;
  /** The Prometheus text of every metric, the database's read now. */
  scrape(): Promise<string>;
  contentType: string;
};

const secondsSince = (at: Date | null, now: Date) => (at ? Math.max(0, (now.getTime() - at.getTime()) / 1000) : 0);

/**
 * The app's metrics, in a registry of its own (the HTTP tests run many apps in one process, and
 * prom-client's default registry is one per process). The request figures are counted as requests
 * end; the database's (pool, job queue, outbox) are read when scraped, so nothing polls it between.
 */
export function createMetrics(database: Database, clock: Clock): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const kept = new Counter({
    name: "page_cache_hits_total",
    help: "Pages answered from the page cache (kept pages) instead of rendered",
    registers,
  });

  const connections = (help: string, name: string, value: (c: ReturnType<Database["connections"]>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value(database.connections()));
      },
    });
  connections("Connections the pool may open (1 on the embedded database)", "db_pool_max_connections", (c) => c.max);
  connections("Connections open", "db_pool_open_connections", (c) => c.open);
  connections("Connections open and idle", "db_pool_idle_connections", (c) => c.idle);
  connections("Queries waiting for a connection", "db_pool_waiting_queries", (c) => c.waiting);

  const jobs = new Gauge({
    name: "job_queue_jobs",
    help: "Jobs in the queue by state: waiting (due, not taken), scheduled, running, failed (gave up)",
    labelNames: ["state"] as const,
    registers,
  });
  const oldestJob = new Gauge({
    name: "job_queue_oldest_waiting_seconds",
    help: "How long the job that has waited longest has been due (0 when none waits)",
    registers,
  });
  const outbox = new Gauge({
    name: "email_outbox_messages",
    help: "Emails not sent: queued (waiting to go out) and failed (after their last attempt)",
    labelNames: ["status"] as const,
    registers,
  });
  const oldestEmail = new Gauge({
    name: "email_outbox_oldest_queued_seconds",
    help: "How long the email that has waited longest to go out has been queued (0 when none waits)",
    registers,
  });
  const readFailures = new Counter({
    name: "metrics_database_read_failures_total",
    help: "Scrapes that could not read the job queue and outbox (their counts are then left out, their ages NaN)",
    registers,
  });

  return {
    request(r) {
      requests.inc({ method: r.method, route: r.route, status: String(r.status) });
      duration.observe({ method: r.method, route: r.route }, r.ms / 1000);
    },
    pageKept: () => kept.inc(),
    async scrape() {
      const now = clock();
      try {
        const [queue, emails] = await Promise.all([queueFigures(database.db, now), outboxFigures(database.db)]);
        for (const state of JOB_STATES) jobs.set({ state }, queue[state]);
        oldestJob.set(secondsSince(queue.oldestWaiting, now));
        outbox.set({ status: "queued" }, emails.queued);
        outbox.set({ status: "failed" }, emails.failed);
        oldestEmail.set(secondsSince(emails.oldestQueued, now));
      } catch (error) {
        // Unknown rather than stale (the counts left out, the ages NaN); the rest still answers.
        jobs.reset();
        outbox.reset();
        oldestJob.set(Number.NaN);
        oldestEmail.set(Number.NaN);
        readFailures.inc();
        console.error(`The metrics could not read the job queue and outbox: ${describeError(error)}`);
      }
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
