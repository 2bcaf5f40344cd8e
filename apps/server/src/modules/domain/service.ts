import { domainToUnicode } from 'node:url';
import {
  type CreateDomainInput,
  createDomainSchema,
  type DnsRecord,
  DOMAIN_CHECK,
  DOMAIN_TXT_PREFIX,
  DOMAINS_PER_MARKET,
  type Domain,
  isLanguage,
  type Language,
  type UpdateDomainInput,
  updateDomainSchema,
} from '@shop/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { marketDomains, markets } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mailDate } from '../../platform/mail.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { type DnsLookup, dnsLookup } from './dns.js';
import { domainMail } from './mail.js';

type DomainRow = typeof marketDomains.$inferSelect;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
    // A verified domain is looked at again only when its records went missing (the merchant put them back).
    if (row.verified && !row.missingSince) return this.view(row);
    await this.ctx.limits.hit('domainChecksPerDomain', row.id);
    if (!row.verified) return this.view(await this.check(row, new Date()));
    await this.recheck(row, new Date());
    const [after] = await this.ctx.db.select().from(marketDomains).where(eq(marketDomains.id, row.id));
    return this.view(after ?? row);
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
      .where(sql`${marketDomains.nextCheckAt} is not null and ${marketDomains.nextCheckAt} <= ${now}`)
      .orderBy(asc(marketDomains.nextCheckAt))
      .limit(limit);
    for (const row of due) await (row.verified ? this.recheck(row, now) : this.check(row, now));
    return due.length;
  }

  /**
   * A verified domain's daily look: its records found, all is well until tomorrow; missing, the
   * owner is told and it is looked at every few hours; missing for `lostAfterDays`, it stops being
   * served (and primary), the owner is told, and it is looked for as a new one is — for a week from
   * when they went missing. A DNS server that does not answer is no verdict: it looks again in an hour.
   */
  private async recheck(row: DomainRow, now: Date): Promise<void> {
    const found = await this.lookUp(row);
    const hours = (h: number) => new Date(now.getTime() + h * 60 * MINUTE);
    if (!found) {
      await this.ctx.db
        .update(marketDomains)
        .set({ nextCheckAt: hours(1), updatedAt: now })
        .where(and(eq(marketDomains.id, row.id), eq(marketDomains.verified, true)));
      return;
    }
    const seen = { lastCheckedAt: now, txtFound: found.txt, pointingFound: found.pointing, updatedAt: now };
    const mine = and(eq(marketDomains.id, row.id), eq(marketDomains.verified, true));
    if (found.txt && found.pointing) {
      await this.ctx.db
        .update(marketDomains)
        .set({ ...seen, missingSince: null, nextCheckAt: hours(DOMAIN_CHECK.verifiedEveryHours) })
        .where(mine);
      return;
    }
    const missingSince = row.missingSince ?? now;
    const stopsAt = new Date(missingSince.getTime() + DOMAIN_CHECK.lostAfterDays * DAY);
    if (now < stopsAt) {
      await this.ctx.db
        .update(marketDomains)
        .set({ ...seen, missingSince, nextCheckAt: hours(DOMAIN_CHECK.missingEveryHours) })
        .where(mine);
      if (!row.missingSince) await this.tellOwner(row, 'missing', stopsAt);
      return;
    }
    await this.ctx.db
      .update(marketDomains)
      .set({
        ...seen,
        verified: false,
        verifiedAt: null,
        sslEnabled: false,
        primary: false,
        checkAttempts: 0,
        nextCheckAt: new Date(now.getTime() + DOMAIN_CHECK.firstDelayMinutes * MINUTE),
      })
      .where(mine);
    // Its host is looked up again by the storefront: it is no longer this store's address.
    await bumpCatalogVersion(this.ctx, row.marketId);
    await this.tellOwner(row, 'stopped', stopsAt);
  }

  /** The owner's e-mail about a domain's missing records; a mail that fails is logged, not retried. */
  private async tellOwner(row: DomainRow, kind: 'missing' | 'stopped', stopsAt: Date) {
    const [owner] = rowsOf<{ email: string; language: string }>(
      await this.ctx.db.execute(sql`select u.email, u.language from markets m join users u on u.id = m.owner_id
        where m.id = ${row.marketId}`),
    );
    if (!owner) return;
    const language: Language = isLanguage(owner.language) ? owner.language : 'az';
    try {
      const name = domainToUnicode(row.name) || row.name;
      await this.ctx.mailer.send(domainMail(owner.email, language, kind, name, mailDate(stopsAt, language)));
    } catch (error) {
      this.ctx.log.error({ err: error, domain: row.name, kind }, 'telling the owner about a domain failed');
    }
  }

  /** The records as DNS answers them now, or null when no DNS server answered. */
  private async lookUp(row: DomainRow): Promise<{ txt: boolean; pointing: boolean } | null> {
    const { target, ips } = this.ctx.config.domains;
    try {
      const [txt, cname, a, targetA] = await Promise.all([
        this.dns.txt(`${DOMAIN_TXT_PREFIX}.${row.name}`),
        this.dns.cname(row.name),
        this.dns.a(row.name),
        // A bare domain can't have a CNAME: its provider's ALIAS (flattening) answers the target's addresses.
        this.dns.a(target).catch(() => [] as string[]),
      ]);
      return {
        txt: txt.includes(row.verificationToken),
        pointing: cname.includes(target) || a.some((ip) => ips.includes(ip) || targetA.includes(ip)),
      };
    } catch (error) {
      this.ctx.log.warn({ err: error, domain: row.name }, 'a domain check could not reach DNS');
      return null;
    }
  }

  /** Whether the TLS proxy may serve (and get a certificate for) `host`: a verified domain that is on. */
  async serves(host: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ id: marketDomains.id })
      .from(marketDomains)
      .innerJoin(markets, eq(markets.id, marketDomains.marketId))
      .where(
        and(
          eq(marketDomains.name, host.toLowerCase()),
          eq(marketDomains.verified, true),
          eq(marketDomains.active, true),
          // A closed store's domains get no certificate (decision 023).
          isNull(markets.closedAt),
        ),
      );
    return Boolean(row);
  }

  /**
   * Looks the records up and keeps what was found; both there, the domain is verified. A DNS
   * server that does not answer is no verdict: the next look comes as planned.
   */
  private async check(row: DomainRow, now: Date): Promise<DomainRow> {
    const found = await this.lookUp(row);
    const verified = Boolean(found?.txt && found.pointing);
    const attempts = row.checkAttempts + 1;
    const pause = Math.min(DOMAIN_CHECK.firstDelayMinutes * 2 ** row.checkAttempts, DOMAIN_CHECK.maxDelayMinutes);
    const next = new Date(now.getTime() + pause * MINUTE);
    // A week from when it was added — or from when the records of a domain that was verified went missing.
    const giveUpAt = (row.missingSince ?? row.createdAt).getTime() + DOMAIN_CHECK.giveUpAfterDays * DAY;
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
        missingSince: verified ? null : row.missingSince,
        // Verified, it is looked at again daily (its records could go); not found, until the week is over.
        nextCheckAt: verified
          ? new Date(now.getTime() + DOMAIN_CHECK.verifiedEveryHours * 60 * MINUTE)
          : next.getTime() > giveUpAt
            ? null
            : next,
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
      missingSince: row.verified ? (row.missingSince?.toISOString() ?? null) : null,
      stopsAt:
        row.verified && row.missingSince
          ? new Date(row.missingSince.getTime() + DOMAIN_CHECK.lostAfterDays * DAY).toISOString()
          : null,
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
