import { DOMAIN_TXT_PREFIX, type Domain } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  mailbox,
  type TestApp,
} from '../../testing/app.js';
import { LocalDns } from '../../testing/dns-server.js';
import { DomainService } from './service.js';

/**
 * Custom domains (SPEC §2, §5, §7; issue 15) on both databases, checked against a real DNS server
 * on 127.0.0.1: a name is kept in one form, no two stores share one, it is verified once the
 * merchant's two records are found (by "check now" or the job, which looks again after growing
 * pauses and stops after a week), and only a verified domain that is on is served and may be the
 * primary one.
 */

const TARGET = 'shops.platform.test';
const PLATFORM_IP = '10.20.30.40';
let dns: LocalDns;
let t: TestApp;
beforeAll(async () => {
  dns = await new LocalDns().start();
  dns.set(TARGET, 'A', PLATFORM_IP);
  t = await createTestApp({
    publicUrl: 'https://platform.test',
    domains: { target: TARGET, ips: [PLATFORM_IP], dnsServers: [dns.address] },
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const url = (marketId: string, rest = '') => `/api/markets/${marketId}/domains${rest}`;
const add = (token: string, marketId: string, name: unknown) => call(t.app, token, 'POST', url(marketId), { name });
let counter = 0;
const uniqueName = (prefix = 'shop') => `${prefix}${++counter}-${Date.now().toString(36)}.example.az`;

/** The records the domain's view asks for, created at the "registrar". */
function createRecords(domain: Domain, pointing: 'CNAME' | 'A' = 'CNAME') {
  const txt = domain.records.find((r) => r.type === 'TXT');
  dns.set(`${DOMAIN_TXT_PREFIX}.${domain.name}`, 'TXT', txt?.value as string);
  if (pointing === 'CNAME') dns.set(domain.name, 'CNAME', TARGET);
  else dns.set(domain.name, 'A', PLATFORM_IP);
}

describe('custom domains', () => {
  it('a domain is kept in one form: lowercase, no trailing dot, its own letters in punycode', async () => {
    const owner = await catalogOwner(t.app);
    const name = uniqueName('Mixed');
    const added = dataOf<Domain>(await add(owner.token, owner.market.id, ` ${name.toUpperCase()}. `), 201);
    expect(added.name).toBe(name.toLowerCase());
    expect(added).toMatchObject({ active: true, verified: false, primary: false, sslEnabled: false });
    const idn = dataOf<Domain>(await add(owner.token, owner.market.id, `çiçək-${counter}.az`), 201);
    expect(idn.name).toMatch(/^xn--/);
    expect(idn.displayName).toBe(`çiçək-${counter}.az`);
    // What to create at the registrar: the name pointing at us, and the proof it is theirs.
    expect(added.records).toEqual([
      { type: 'CNAME', host: added.name, value: TARGET, found: false },
      { type: 'A', host: added.name, value: PLATFORM_IP, found: false },
      {
        type: 'TXT',
        host: `${DOMAIN_TXT_PREFIX}.${added.name}`,
        value: expect.stringMatching(/^[0-9a-f]{32}$/),
        found: false,
      },
    ]);
    expect(Date.parse(added.nextCheckAt as string)).toBeGreaterThan(Date.now());
    expect(Date.parse(added.renewsAt)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    const list = dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id)));
    expect(list.map((d) => d.name)).toEqual([added.name, idn.name]);
  });

  it('bad names are refused at the field, each with what is wrong, and nothing is added', async () => {
    const owner = await catalogOwner(t.app);
    const cases: [unknown, string][] = [
      ['https://shop.example.az', 'domainHostOnly'],
      ['shop.example.az/products', 'domainHostOnly'],
      ['shop.example.az:8443', 'domainHostOnly'],
      ['user@shop.example.az', 'domainHostOnly'],
      ['192.168.1.10', 'domainNotIp'],
      ['localhost', 'domainInvalid'],
      ['shop..example.az', 'domainInvalid'],
      ['-shop.example.az', 'domainInvalid'],
      [`${'a'.repeat(64)}.az`, 'domainInvalid'],
      ['shop.example.1', 'domainInvalid'],
      ['', 'required'],
      [42, 'required'],
    ];
    for (const [name, code] of cases) {
      const response = await add(owner.token, owner.market.id, name);
      expect(response.statusCode, String(name)).toBe(400);
      expect(fieldCodes(response), String(name)).toEqual({ name: code });
    }
    // The platform's own addresses are never a store's.
    for (const ours of ['platform.test', 'shop.platform.test', TARGET]) {
      const response = await add(owner.token, owner.market.id, ours);
      expect(response.statusCode, ours).toBe(409);
      expect(fieldCodes(response)).toEqual({ name: 'DOMAIN_OURS' });
    }
    expect(dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id)))).toEqual([]);
  });

  it('no two stores share a domain, in any case or form (SPEC §8 "Please add a different domain name")', async () => {
    const owner = await catalogOwner(t.app);
    const other = await catalogOwner(t.app);
    const name = uniqueName();
    dataOf(await add(owner.token, owner.market.id, name), 201);
    for (const [token, market] of [
      [other.token, other.market.id],
      [owner.token, owner.market.id],
    ] as const) {
      const again = await add(token, market, `${name.toUpperCase()}.`);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).fields?.name).toEqual({
        code: 'DOMAIN_TAKEN',
        message: 'Please add a different domain name',
      });
    }
    expect(dataOf<Domain[]>(await call(t.app, other.token, 'GET', url(other.market.id)))).toEqual([]);
  });

  it('"check now" finds what is there: nothing, then the TXT record, then both — verified, served over HTTPS', async () => {
    const owner = await catalogOwner(t.app);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName()), 201);
    const check = async () =>
      dataOf<Domain>(await call(t.app, owner.token, 'POST', url(owner.market.id, `/${domain.id}/check`)));
    const found = (d: Domain) => d.records.map((r) => [r.type, r.found]);

    let checked = await check();
    expect(checked.verified).toBe(false);
    expect(found(checked)).toEqual([
      ['CNAME', false],
      ['A', false],
      ['TXT', false],
    ]);
    expect(checked.lastCheckedAt).not.toBeNull();
    const ask = () => t.app.inject({ method: 'GET', url: `/api/Domains/ask?domain=${domain.name}` });
    expect((await ask()).statusCode).toBe(404);

    const txt = domain.records.find((r) => r.type === 'TXT')?.value as string;
    dns.set(`${DOMAIN_TXT_PREFIX}.${domain.name}`, 'TXT', 'someone-else', txt);
    checked = await check();
    expect(found(checked)).toEqual([
      ['CNAME', false],
      ['A', false],
      ['TXT', true],
    ]);
    expect(checked.verified).toBe(false);

    dns.set(domain.name, 'CNAME', TARGET);
    checked = await check();
    expect(checked).toMatchObject({ verified: true, sslEnabled: true, missingSince: null, stopsAt: null });
    // Verified, it is looked at again tomorrow: records can go.
    expect(Date.parse(checked.nextCheckAt as string) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(checked.verifiedAt).not.toBeNull();
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).json()).toEqual({ data: { domain: domain.name, serves: true } });
  });

  it('a bare domain may point at the platform’s address with an A record instead', async () => {
    const owner = await catalogOwner(t.app);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('bare')), 201);
    createRecords(domain, 'A');
    const checked = dataOf<Domain>(await call(t.app, owner.token, 'POST', url(owner.market.id, `/${domain.id}/check`)));
    expect(checked.verified).toBe(true);
  });

  it('the job looks again after pauses that double from 5 minutes to an hour, verifies, and stops after a week', async () => {
    const owner = await catalogOwner(t.app);
    const service = new DomainService(t.ctx);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('job')), 201);
    const row = async () =>
      (
        (await t.ctx.db.execute(sql`select next_check_at, check_attempts, verified from market_domains
          where id = ${domain.id}`)) as unknown as {
          rows: { next_check_at: Date | string | null; check_attempts: number; verified: boolean }[];
        }
      ).rows[0];
    let now = Date.parse(domain.nextCheckAt as string);
    const pauses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Not a moment early.
      await service.checkDue(new Date(now - 1));
      expect((await row())?.check_attempts).toBe(i);
      await service.checkDue(new Date(now));
      const next = Date.parse(String((await row())?.next_check_at));
      pauses.push((next - now) / 60_000);
      now = next;
    }
    expect(pauses).toEqual([5, 10, 20, 40, 60, 60]);
    createRecords(domain);
    await service.checkDue(new Date(now));
    expect(await row()).toMatchObject({ verified: true, check_attempts: 7 });
    expect(Date.parse(String((await row())?.next_check_at)) - now).toBe(24 * 3_600_000);

    // One never found is given up a week after it was added; "check now" still works.
    const lost = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('lost')), 201);
    await t.ctx.db.execute(sql`update market_domains set created_at = now() - interval '7 days',
      next_check_at = now() - interval '1 minute' where id = ${lost.id}`);
    await service.checkDue(new Date());
    const gaveUp = dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id))).find(
      (d) => d.id === lost.id,
    );
    expect(gaveUp).toMatchObject({ verified: false, nextCheckAt: null });
    expect(gaveUp?.lastCheckedAt).not.toBeNull();
  });

  it('a verified domain whose records go missing is kept three days, its owner told, then stops being served', async () => {
    const owner = await catalogOwner(t.app);
    const service = new DomainService(t.ctx);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('lapse')), 201);
    createRecords(domain);
    const verified = dataOf<Domain>(
      await call(t.app, owner.token, 'POST', url(owner.market.id, `/${domain.id}/check`)),
    );
    const put = (body: unknown) => call(t.app, owner.token, 'PUT', url(owner.market.id, `/${domain.id}`), body);
    dataOf(await put({ primary: true }));
    const view = async () =>
      dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id))).find((d) => d.id === domain.id)!;
    const ask = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/Domains/ask?domain=${domain.name}` })).statusCode;
    const HOUR = 3_600_000;
    let now = Date.parse(verified.nextCheckAt as string);

    // Tomorrow's look finds everything: nothing changes but the next look.
    await service.checkDue(new Date(now));
    expect((await view()).missingSince).toBeNull();
    now += 24 * HOUR;

    // The TXT record is gone: the owner is told to put it back by a date, and it is still served.
    dns.remove(`${DOMAIN_TXT_PREFIX}.${domain.name}`);
    await service.checkDue(new Date(now));
    let seen = await view();
    expect(seen).toMatchObject({ verified: true, primary: true, missingSince: new Date(now).toISOString() });
    expect(Date.parse(seen.stopsAt as string) - now).toBe(3 * 24 * HOUR);
    expect(seen.records.find((r) => r.type === 'TXT')?.found).toBe(false);
    expect(Date.parse(seen.nextCheckAt as string) - now).toBe(6 * HOUR);
    expect(await ask()).toBe(200);
    const [warning] = await mailbox(t.app, owner.email);
    expect(warning?.subject).toBe(`${domain.name}: DNS qeydləri tapılmır`);

    // Put back before the three days: all is well again, and "check now" says so at once.
    createRecords(domain);
    seen = dataOf<Domain>(await call(t.app, owner.token, 'POST', url(owner.market.id, `/${domain.id}/check`)));
    expect(seen).toMatchObject({ verified: true, missingSince: null, stopsAt: null });

    // Gone again, and for three days: it stops — no longer served, no longer primary — and the owner is told.
    dns.remove(domain.name);
    now = Date.parse(seen.nextCheckAt as string);
    await service.checkDue(new Date(now));
    expect((await view()).missingSince).toBe(new Date(now).toISOString());
    for (let i = 0; i < 12 && (await view()).verified; i++) {
      now = Date.parse((await view()).nextCheckAt as string);
      await service.checkDue(new Date(now));
    }
    seen = await view();
    expect(seen).toMatchObject({ verified: false, primary: false, sslEnabled: false, missingSince: null });
    expect(await ask()).toBe(404);
    const [stopped] = await mailbox(t.app, owner.email);
    expect(stopped?.subject).toBe(`${domain.name} mağazanızı artıq açmır`);
    // It is looked for again as a new domain is: found, it is verified once more.
    createRecords(domain);
    await service.checkDue(new Date(Date.parse(seen.nextCheckAt as string)));
    expect((await view()).verified).toBe(true);
  });

  it('a DNS server that does not answer is no verdict: nothing found is forgotten, the next look is planned', async () => {
    const owner = await catalogOwner(t.app);
    const silent = new DomainService(t.ctx, {
      txt: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
      cname: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
      a: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
    });
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('silent')), 201);
    await silent.checkDue(new Date(Date.parse(domain.nextCheckAt as string)));
    const after = dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id)))[0];
    expect(after).toMatchObject({ verified: false });
    expect(Date.parse(after?.nextCheckAt as string)).toBeGreaterThan(Date.parse(domain.nextCheckAt as string));
  });

  it('switched off, a domain is not served; only a verified one that is on can be primary, one per store', async () => {
    const owner = await catalogOwner(t.app);
    const first = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('one')), 201);
    const second = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('two')), 201);
    const put = (id: string, body: unknown) => call(t.app, owner.token, 'PUT', url(owner.market.id, `/${id}`), body);
    const notVerified = await put(first.id, { primary: true });
    expect(notVerified.statusCode).toBe(409);
    expect(errorOf(notVerified).code).toBe('DOMAIN_NOT_VERIFIED');
    for (const d of [first, second]) {
      createRecords(d);
      dataOf(await call(t.app, owner.token, 'POST', url(owner.market.id, `/${d.id}/check`)));
    }
    expect(dataOf<Domain>(await put(first.id, { primary: true })).primary).toBe(true);
    expect(dataOf<Domain>(await put(second.id, { primary: true })).primary).toBe(true);
    const list = dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id)));
    expect(list.map((d) => [d.name, d.primary])).toEqual([
      [first.name, false],
      [second.name, true],
    ]);
    // Off: not served, no longer primary, HTTPS off; on again, served (primary chosen anew).
    const off = dataOf<Domain>(await put(second.id, { active: false }));
    expect(off).toMatchObject({ active: false, primary: false, sslEnabled: false, verified: true });
    const ask = (name: string) => t.app.inject({ method: 'GET', url: `/api/Domains/ask?domain=${name}` });
    expect((await ask(second.name)).statusCode).toBe(404);
    expect((await ask(first.name)).statusCode).toBe(200);
    expect(dataOf<Domain>(await put(second.id, { active: true })).primary).toBe(false);
    expect((await ask(second.name)).statusCode).toBe(200);
    const nothing = await put(second.id, {});
    expect(nothing.statusCode).toBe(400);
    expect((await ask('unknown.example.az')).statusCode).toBe(404);
  });

  it('deleted, a domain is gone and its name is free for any store', async () => {
    const owner = await catalogOwner(t.app);
    const other = await catalogOwner(t.app);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('gone')), 201);
    expect(dataOf(await call(t.app, owner.token, 'DELETE', url(owner.market.id, `/${domain.id}`)))).toEqual({
      id: domain.id,
      deleted: true,
    });
    expect((await call(t.app, owner.token, 'DELETE', url(owner.market.id, `/${domain.id}`))).statusCode).toBe(404);
    dataOf(await add(other.token, other.market.id, domain.name), 201);
  });

  it('another merchant learns nothing and changes nothing; "check now" is limited per domain', async () => {
    const owner = await catalogOwner(t.app);
    const stranger = await catalogOwner(t.app);
    const domain = dataOf<Domain>(await add(owner.token, owner.market.id, uniqueName('mine')), 201);
    const attempts = [
      call(t.app, stranger.token, 'GET', url(owner.market.id)),
      call(t.app, stranger.token, 'PUT', url(owner.market.id, `/${domain.id}`), { active: false }),
      call(t.app, stranger.token, 'PUT', url(stranger.market.id, `/${domain.id}`), { active: false }),
      call(t.app, stranger.token, 'DELETE', url(stranger.market.id, `/${domain.id}`)),
      call(t.app, stranger.token, 'POST', url(stranger.market.id, `/${domain.id}/check`)),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect(dataOf<Domain[]>(await call(t.app, owner.token, 'GET', url(owner.market.id)))[0]).toMatchObject({
      id: domain.id,
      active: true,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await call(t.app, owner.token, 'POST', url(owner.market.id, `/${domain.id}/check`))).statusCode);
    }
    expect(statuses.slice(0, 6).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
