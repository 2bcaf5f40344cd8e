import { domainToUnicode } from 'node:url';
import {
  type CreateDomainInput,
  createDomainSchema,
  type DnsRecord,
  DOMAIN_CHECK,
  DOMAIN_TXT_PREFIX,
  DOMAINS_PER_MARKET,
  type Domain,
  type UpdateDomainInput,
  updateDomainSchema,
} from '@shop/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { marketDomains } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { type DnsLookup, dnsLookup } from './dns.js';

type DomainRow = typeof marketDomains.$inferSelect;

const MINUTE = 60_000;

/**
 * A store's custom domains (issue 15): added, checked in DNS until the merchant's records are
 * found (the job, with a growing pause, for a week; or "check now"), switched on and off, one
 * made primary; and the answer to the TLS proxy's question whether a name is ours to serve.
 */
export class DomainService {
  private readonly dns: DnsLookup;

  constructor(
    private readonly ctx: AppContext,
    dns?: DnsLookup,
  ) {
    this.dns = dns ?? dnsLookup(ctx.config.domains.dnsServers);
  }

  async list(marketId: string): Promise<Domain[]> {
    const rows = await this.ctx.db
      .select()
      .from(marketDomains)
      .where(eq(marketDomains.marketId, marketId))
      .orderBy(asc(marketDomains.createdAt), asc(marketDomains.id));
    return rows.map((row) => this.view(row));
  }

  /** Adds a name no store has (SPEC §5: "must differ from existing ones"), to be checked from now. */
  async add(marketId: string, input: CreateDomainInput): Promise<Domain> {
    const { name } = createDomainSchema.parse(input);
    if (this.isOurs(name)) throw new AppError('DOMAIN_OURS', { name: 'DOMAIN_OURS' });
    const [{ value: held } = { value: 0 }] = await this.ctx.db
      .select({ value: count() })
      .from(marketDomains)
      .where(eq(marketDomains.marketId, marketId));
    if (held >= DOMAINS_PER_MARKET) throw new AppError('DOMAIN_LIMIT');
    try {
      const [row] = (await this.ctx.db
        .insert(marketDomains)
        .values({
          marketId,
          name,
          active: true,
          verified: false,
          // The merchant creates the records now; DNS takes minutes to show them (SPEC §9).
          nextCheckAt: new Date(Date.now() + DOMAIN_CHECK.firstDelayMinutes * MINUTE),
        })
        .returning()) as [DomainRow];
      return this.view(row);
    } catch (error) {
      if (isUniqueViolation(error, 'market_domains_name_key'))
        throw new AppError('DOMAIN_TAKEN', { name: 'DOMAIN_TAKEN' });
      throw error;
    }
  }

  /**
   * Switches a domain on or off, or makes it the primary — the store's one address the others
   * lead to; only a verified one that is on can be, and switching it off ends that.
   */
  async update(marketId: string, id: string, input: UpdateDomainInput): Promise<Domain> {
    const change = updateDomainSchema.parse(input);
    const updated = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .select()
        .from(marketDomains)
        .where(and(eq(marketDomains.id, id), eq(marketDomains.marketId, marketId)))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND');
      const active = change.active ?? row.active;
      const primary = active && (change.primary ?? row.primary);
      if (primary && !row.primary && !(row.verified && active)) throw new AppError('DOMAIN_NOT_VERIFIED');
      // One primary per store (market_domains_primary_key): the one before steps aside first.
      if (primary && !row.primary) {
        await tx
          .update(marketDomains)
          .set({ primary: false, updatedAt: new Date() })
          .where(and(eq(marketDomains.marketId, marketId), eq(marketDomains.primary, true)));
      }
      const [changed] = (await tx
        .update(marketDomains)
        .set({ active, primary, updatedAt: new Date() })
        .where(eq(marketDomains.id, id))
        .returning()) as [DomainRow];
      return changed;
    });
    // Where the store's pages are served, and where they send shoppers, changed: cached pages go.
    await bumpCatalogVersion(this.ctx, marketId);
    return this.view(updated);
  }

  async remove(marketId: string, id: string): Promise<void> {
    const removed = await this.ctx.db
      .delete(marketDomains)
      .where(and(eq(marketDomains.id, id), eq(marketDomains.marketId, marketId)))
      .returning({ id: marketDomains.id });
    if (!removed.length) throw new AppError('NOT_FOUND');
    await bumpCatalogVersion(this.ctx, marketId);
  }

  /** "Check now": looks the domain's records up at once (a few times a minute at most). */
  async checkNow(marketId: string, id: string): Promise<Domain> {
    const [row] = await this.ctx.db
      .select()
      .from(marketDomains)
      .where(and(eq(marketDomains.id, id), eq(marketDomains.marketId, marketId)));
    if (!row) throw new AppError('NOT_FOUND');
    if (row.verified) return this.view(row);
    await this.ctx.limits.hit('domainChecksPerDomain', row.id);
    return this.view(await this.check(row, new Date()));
  }

  /**
   * The job (every minute): unverified domains whose next look has come are checked; one not
   * found yet is looked at again after a pause that doubles from 5 minutes up to an hour, for a
   * week from when it was added (SPEC §9: DNS takes up to a day), then only by "check now".
   */
  async checkDue(now: Date, limit = 100): Promise<number> {
    const due = await this.ctx.db
      .select()
      .from(marketDomains)
      .where(
        and(
          eq(marketDomains.verified, false),
          sql`${marketDomains.nextCheckAt} is not null and ${marketDomains.nextCheckAt} <= ${now}`,
        ),
      )
      .orderBy(asc(marketDomains.nextCheckAt))
      .limit(limit);
    for (const row of due) await this.check(row, now);
    return due.length;
  }

  /** Whether the TLS proxy may serve (and get a certificate for) `host`: a verified domain that is on. */
  async serves(host: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ id: marketDomains.id })
      .from(marketDomains)
      .where(
        and(
          eq(marketDomains.name, host.toLowerCase()),
          eq(marketDomains.verified, true),
          eq(marketDomains.active, true),
        ),
      );
    return Boolean(row);
  }

  /**
   * Looks the records up and keeps what was found; both there, the domain is verified. A DNS
   * server that does not answer is no verdict: the next look comes as planned.
   */
  private async check(row: DomainRow, now: Date): Promise<DomainRow> {
    const { target, ips } = this.ctx.config.domains;
    let found: { txt: boolean; pointing: boolean } | null = null;
    try {
      const [txt, cname, a, targetA] = await Promise.all([
        this.dns.txt(`${DOMAIN_TXT_PREFIX}.${row.name}`),
        this.dns.cname(row.name),
        this.dns.a(row.name),
        // A bare domain can't have a CNAME: its provider's ALIAS (flattening) answers the target's addresses.
        this.dns.a(target).catch(() => [] as string[]),
      ]);
      found = {
        txt: txt.includes(row.verificationToken),
        pointing: cname.includes(target) || a.some((ip) => ips.includes(ip) || targetA.includes(ip)),
      };
    } catch (error) {
      this.ctx.log.warn({ err: error, domain: row.name }, 'a domain check could not reach DNS');
    }
    const verified = Boolean(found?.txt && found.pointing);
    const attempts = row.checkAttempts + 1;
    const pause = Math.min(DOMAIN_CHECK.firstDelayMinutes * 2 ** row.checkAttempts, DOMAIN_CHECK.maxDelayMinutes);
    const next = new Date(now.getTime() + pause * MINUTE);
    const giveUpAt = row.createdAt.getTime() + DOMAIN_CHECK.giveUpAfterDays * 24 * 60 * MINUTE;
    const [updated] = (await this.ctx.db
      .update(marketDomains)
      .set({
        lastCheckedAt: now,
        checkAttempts: attempts,
        txtFound: found?.txt ?? row.txtFound,
        pointingFound: found?.pointing ?? row.pointingFound,
        verified,
        verifiedAt: verified ? now : null,
        sslEnabled: verified,
        nextCheckAt: verified || next.getTime() > giveUpAt ? null : next,
        updatedAt: now,
      })
      .where(and(eq(marketDomains.id, row.id), eq(marketDomains.verified, false)))
      .returning()) as [DomainRow?];
    if (verified) await bumpCatalogVersion(this.ctx, row.marketId);
    return updated ?? row;
  }

  /** The platform's own host, or a name under it: never a store's. */
  private isOurs(name: string): boolean {
    const ours = [new URL(this.ctx.config.publicUrl).hostname, this.ctx.config.domains.target];
    return ours.some((host) => name === host || name.endsWith(`.${host}`));
  }

  private view(row: DomainRow): Domain {
    const { target, ips } = this.ctx.config.domains;
    const records: DnsRecord[] = [
      { type: 'CNAME', host: row.name, value: target, found: row.pointingFound },
      ...ips.map((ip) => ({ type: 'A' as const, host: row.name, value: ip, found: row.pointingFound })),
      { type: 'TXT', host: `${DOMAIN_TXT_PREFIX}.${row.name}`, value: row.verificationToken, found: row.txtFound },
    ];
    return {
      id: row.id,
      name: row.name,
      displayName: domainToUnicode(row.name) || row.name,
      active: row.active,
      sslEnabled: row.verified && row.active,
      primary: row.primary,
      verified: row.verified,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      records,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
      renewsAt: nextAnniversary(row.createdAt, new Date()).toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** Domains renew every year (SPEC §9): the first anniversary of `since` after `now`. */
function nextAnniversary(since: Date, now: Date): Date {
  const next = new Date(since);
  next.setUTCFullYear(now.getUTCFullYear());
  if (next <= now) next.setUTCFullYear(now.getUTCFullYear() + 1);
  return next;
}
