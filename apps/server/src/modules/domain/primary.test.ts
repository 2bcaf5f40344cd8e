import { DOMAIN_TXT_PREFIX, type Domain } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, catalogOwner, createTestApp, dataOf, type TestApp } from '../../testing/app.js';
import { LocalDns } from '../../testing/dns-server.js';

/**
 * A store's primary domain (issue 15, SPEC §2 Domains) is where its pages live: the platform's
 * /{store} address and its other domains send shoppers there for good (301) — but not a checkout
 * or a recovery link, whose cart is in the browser's storage of the address it began at.
 */

const TARGET = 'shops.primary.test';
let dns: LocalDns;
let t: TestApp;
beforeAll(async () => {
  dns = await new LocalDns().start();
  dns.set(TARGET, 'A', '10.0.0.9');
  t = await createTestApp(
    { publicUrl: 'https://platform.primary.test', domains: { target: TARGET, ips: [], dnsServers: [dns.address] } },
    { web: 'build' },
  );
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const page = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

async function verifiedDomain(owner: Awaited<ReturnType<typeof catalogOwner>>, name: string): Promise<Domain> {
  const added = dataOf<Domain>(
    await call(t.app, owner.token, 'POST', `/api/markets/${owner.market.id}/domains`, { name }),
    201,
  );
  dns.set(`${DOMAIN_TXT_PREFIX}.${name}`, 'TXT', added.records.find((r) => r.type === 'TXT')?.value as string);
  dns.set(name, 'CNAME', TARGET);
  return dataOf<Domain>(
    await call(t.app, owner.token, 'POST', `/api/markets/${owner.market.id}/domains/${added.id}/check`),
  );
}

describe('a primary domain', () => {
  it('the store’s other addresses send shoppers to it, path and query kept; checkout and recovery stay', async () => {
    const owner = await catalogOwner(t.app);
    const store = owner.market.name;
    const main = await verifiedDomain(owner, `main-${store}.example.az`);
    const other = await verifiedDomain(owner, `other-${store}.example.az`);
    const platform = 'platform.primary.test';

    // No primary yet: every address serves the store.
    expect((await page(platform, `/${store}`)).statusCode).toBe(200);
    expect((await page(other.name, '/')).statusCode).toBe(200);

    dataOf(
      await call(t.app, owner.token, 'PUT', `/api/markets/${owner.market.id}/domains/${main.id}`, { primary: true }),
    );
    const fromPlatform = await page(platform, `/${store}/about?ref=ig`);
    expect(fromPlatform.statusCode).toBe(301);
    expect(fromPlatform.headers.location).toBe(`https://${main.name}/about?ref=ig`);
    expect((await page(platform, `/${store}`)).headers.location).toBe(`https://${main.name}/`);
    const fromOther = await page(other.name, '/about');
    expect(fromOther.statusCode).toBe(301);
    expect(fromOther.headers.location).toBe(`https://${main.name}/about`);
    const atHome = await page(main.name, '/about');
    expect(atHome.statusCode).toBe(200);
    expect(atHome.body).toContain(store);
    // A checkout begun at the platform's address is finished there.
    expect((await page(platform, `/${store}/checkout/00000000-0000-4000-8000-000000000000`)).statusCode).not.toBe(301);

    // Switched off, the primary is no more: the platform's address serves the store again.
    dataOf(
      await call(t.app, owner.token, 'PUT', `/api/markets/${owner.market.id}/domains/${main.id}`, { active: false }),
    );
    expect((await page(platform, `/${store}`)).statusCode).toBe(200);
  });
});
