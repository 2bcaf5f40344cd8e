import { createHash, randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';

/**
 * Storefront page views and sessions, counted in memory and written in batches: a store page
 * costs a map increment, and every few seconds each process adds its counts to the database with
 * one upsert per table. Counting adds up across processes (`page_views + excluded.page_views`);
 * a session is one row per (market, day, visitor), so two processes seeing the same visitor
 * write it once.
 *
 * Hours are kept in memory and turned into days when written, in the market owner's time zone
 * (their profile's GMT±N, whole hours), so the dashboard's days and these agree.
 */

/** The visit cookie: random, first-party, HttpOnly; a visit ends after 30 minutes without a page. */
export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_SECONDS = 30 * 60;
/** How often counts are written. */
export const FLUSH_INTERVAL_MS = 5_000;
/** Visits kept between writes before the oldest are dropped (a database outage must not eat memory). */
const MAX_PENDING_SESSIONS = 200_000;
const HOUR_MS = 3_600_000;

/** Crawlers, link previews and tools: not shoppers. A browser's user agent starts with Mozilla/. */
const NOT_A_SHOPPER =
  /(?<!cu)bot\b|crawl|spider|slurp|scrape|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp|telegram|discord|skype|slack|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime/i;

/** Whether a request for a page comes from a person's browser (not a crawler, a preview or a prefetch). */
export function isShopperPageRequest(request: FastifyRequest): boolean {
  return request.method === 'GET' && isShopperRequest(request) && !isLookPreview(request);
}

/** The theme editor's preview frame and the templates' showcase (issue 16) are nobody's visit. */
function isLookPreview(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.preview !== undefined || query?.template !== undefined;
}

/** Whether a request comes from a person's browser, neither a crawler's nor a speculative load. */
export function isShopperRequest(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (!agent?.startsWith('Mozilla/') || NOT_A_SHOPPER.test(agent)) return false;
  // Speculative loads (link prefetch, prerender) are not views until the shopper opens them.
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose ?? request.headers['x-moz'];
  return !(typeof purpose === 'string' && /prefetch|prerender/i.test(purpose));
}

/** A new visit id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** The visit id of the request's cookie, if it is one of ours. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : undefined;
}

/** The Set-Cookie that starts or prolongs a visit (30 minutes from this page). */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=/; Max-Age=${SESSION_IDLE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Counts a store page seen by a shopper's browser and starts or prolongs their visit cookie:
 * for a document (web.ts) and for a page reached inside the storefront (its beacon). The caller
 * has decided it is a shopper's.
 */
export function countPageView(
  recorder: PageViewRecorder,
  request: FastifyRequest,
  reply: FastifyReply,
  marketId: string,
  secure: boolean,
): void {
  const sessionId = sessionIdOf(request) ?? newSessionId();
  reply.header('set-cookie', sessionCookie(sessionId, secure));
  recorder.record(marketId, sessionId);
}

export class PageViewRecorder {
  /** "{marketId} {hour}" → page views. */
  private views = new Map<string, number>();
  /** "{marketId} {hour} {visit id}"; only a hash of the id is ever written. */
  private sessions = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** Writes every FLUSH_INTERVAL_MS until `close`. */
  start(): this {
    this.timer ??= setInterval(() => {
      // The disk nearly full (platform/disk-space.ts): counts wait in memory, bounded, for space.
      if (this.ctx.disk?.low) return;
      this.flush().catch((error) => this.ctx.log.error({ err: error }, 'page view flush failed'));
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
    return this;
  }

  /** One page of `marketId` seen in the visit `sessionId`: counted in memory only. */
  record(marketId: string, sessionId: string, at = Date.now()): void {
    const hour = Math.floor(at / HOUR_MS);
    const key = `${marketId} ${hour}`;
    this.views.set(key, (this.views.get(key) ?? 0) + 1);
    if (this.sessions.size < MAX_PENDING_SESSIONS) this.sessions.add(`${key} ${sessionId}`);
  }

  /** Whether anything is waiting to be written. */
  get pending(): boolean {
    return this.views.size > 0 || this.sessions.size > 0;
  }

  /** Writes what was counted since the last write; one statement per table. */
  async flush(): Promise<void> {
    // One write at a time; a caller arriving meanwhile waits for it, then writes what is left.
    while (this.flushing) await this.flushing.catch(() => {});
    if (!this.pending) return;
    const views = this.views;
    const sessions = this.sessions;
    this.views = new Map();
    this.sessions = new Set();
    this.flushing = this.write(views, sessions)
      .catch((error) => {
        // Kept for the next write: counts add up, sessions are idempotent.
        for (const [key, n] of views) this.views.set(key, (this.views.get(key) ?? 0) + n);
        for (const key of sessions) if (this.sessions.size < MAX_PENDING_SESSIONS) this.sessions.add(key);
        throw error;
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /** Stops the timer and writes what is left (the server's close). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(views: Map<string, number>, sessions: Set<string>) {
    const db = this.ctx.db;
    if (views.size) {
      const markets: string[] = [];
      const hours: number[] = [];
      const counts: number[] = [];
      for (const [key, n] of views) {
        const [marketId, hour] = key.split(' ') as [string, string];
        markets.push(marketId);
        hours.push(Number(hour));
        counts.push(n);
      }
      // Joined with markets: a store deleted meanwhile is skipped rather than failing the batch.
      await db.execute(sql`
        insert into storefront_daily_stats (market_id, day, page_views)
        select x.market_id, ${localDay(sql`x.hour`)}, sum(x.n)::int
        from unnest(${sql.param(markets)}::uuid[], ${sql.param(hours)}::int[], ${sql.param(counts)}::int[])
          as x(market_id, hour, n)
        join markets m on m.id = x.market_id
        join users u on u.id = m.owner_id
        group by 1, 2
        on conflict (market_id, day) do update
          set page_views = storefront_daily_stats.page_views + excluded.page_views`);
    }
    if (sessions.size) {
      const markets: string[] = [];
      const hours: number[] = [];
      const visitors: string[] = [];
      for (const key of sessions) {
        const [marketId, hour, ...id] = key.split(' ') as [string, string, ...string[]];
        const sessionId = id.join(' ');
        markets.push(marketId);
        hours.push(Number(hour));
        // The dashboard counts visits, it never needs the cookie back: only a hash is stored.
        visitors.push(createHash('sha256').update(sessionId).digest('base64url').slice(0, 22));
      }
      await db.execute(sql`
        insert into storefront_sessions (market_id, day, visitor)
        select distinct x.market_id, ${localDay(sql`x.hour`)}, x.visitor
        from unnest(${sql.param(markets)}::uuid[], ${sql.param(hours)}::int[], ${sql.param(visitors)}::text[])
          as x(market_id, hour, visitor)
        join markets m on m.id = x.market_id
        join users u on u.id = m.owner_id
        on conflict do nothing`);
    }
  }
}

/** The owner's calendar day of an hour since the epoch (u = the owner's users row). */
function localDay(hour: SQL) {
  // "GMT+4" → 4, "GMT-3" → -3; a zone the profile never offers counts as Baku's (+4).
  return sql`(timestamp '1970-01-01' + (${hour} + coalesce(substring(u.time_zone from '^GMT([+-][0-9]{1,2})$')::int, 4)) * interval '1 hour')::date`;
}
