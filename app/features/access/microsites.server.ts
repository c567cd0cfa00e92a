import type { Db } from "~/db/client.server";
import { type University, universities } from "~/db/schema";
import { type Clock, systemClock } from "~/lib/clock";
import { hostName } from "~/lib/public-origin";

/**
 * Which university a request is branded for: the deployment's pinned university, or the
 * one whose microsite host the request names. Universities are few, so all are held in
 * memory and reloaded at most every `ttlMs`.
 */
export class MicrositeDirectory {
  private byHost = new Map<string, University>();
  private bySlug = new Map<string, University>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private db: Db,
    private pinnedSlug: string | undefined,
    private ttlMs = 5_000,
    private clock: Clock = systemClock,
  ) {}

  async refresh(): Promise<void> {
    const rows = await this.db.select().from(universities);
    this.byHost = new Map(rows.filter((u) => u.micrositeHost).map((u) => [u.micrositeHost!.toLowerCase(), u]));
    this.bySlug = new Map(rows.map((u) => [u.slug, u]));
    this.loadedAt = this.clock().getTime();
  }

  /** Synchronous while the cache is fresh (every request asks), a promise when it must reload. */
  resolve(hostHeader: string | null | undefined): University | null | Promise<University | null> {
    return this.fresh(() => this.pick(hostHeader));
  }

  /** Whether a host name is some university's registered microsite (pinned deployments included). */
  knowsHost(name: string): boolean | Promise<boolean> {
    return this.fresh(() => this.byHost.has(name));
  }

  private fresh<T>(read: () => T): T | Promise<T> {
    if (this.clock().getTime() - this.loadedAt >= this.ttlMs) {
      this.loading ??= this.refresh().finally(() => (this.loading = undefined));
      return this.loading.then(read);
    }
    return read();
  }

  private pick(hostHeader: string | null | undefined): University | null {
    if (this.pinnedSlug) return this.bySlug.get(this.pinnedSlug) ?? null;
    return this.byHost.get(hostName(hostHeader)) ?? null;
  }

  async bySlugOrNull(slug: string): Promise<University | null> {
    await this.resolve(null);
    return this.bySlug.get(slug) ?? null;
  }
}
