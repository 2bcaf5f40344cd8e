import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningCaddy, startCaddy } from '../apps/server/src/testing/caddy';
import { LocalDns } from '../apps/server/src/testing/dns-server';
import { merchantWithNewStore, uniqueTag, useLanguage } from './support';

// A store's own domain (SPEC §2 cp/domains, §8 "Please add a different domain name"; issue 15):
// added, pointed at the platform with the DNS records the page lists, checked, served, made
// primary, switched off and deleted. The records are answered by a real DNS server of the test
// kit on the port the journeys' server asks (scripts/e2e-server.mjs DNS_SERVERS).
const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5399);
/** scripts/e2e-server.mjs DOMAIN_TARGET: the host a domain's CNAME names. */
const TARGET = 'shops.e2e.test';

// What a merchant reads, per language (locales/*/domains.json, locales/*/cp.json and the
// messages of packages/shared/src/messages.ts).
const TEXT = {
  az: {
    settingsTab: 'Domenlər',
    title: 'Domenlər',
    emptyTitle: 'Hələ öz domeniniz yoxdur',
    pending: 'DNS gözlənilir',
    verified: 'Təsdiqlənib',
    on: 'Aktiv',
    off: 'Söndürülüb',
    primary: 'Əsas',
    httpsOn: 'HTTPS aktivdir',
    httpsOff: 'HTTPS deaktivdir',
    notChecked: 'Hələ yoxlanılmayıb',
    missing: 'Tapılmadı',
    found: 'Tapıldı',
    checkMissing: 'Qeydlərin hamısı hələ tapılmayıb',
    checkVerified: 'Bütün qeydlər tapıldı: domen təsdiqləndi.',
    added: (name: string) => `${name} əlavə edildi`,
    madePrimary: (name: string) => `${name} indi əsas domeninizdir`,
    switchedOff: (name: string) => `${name} söndürüldü`,
    deleted: (name: string) => `${name} silindi`,
    activeLabel: 'Mağazanı bu ünvanda aç',
    // The message catalogue
    hostOnly: 'Yalnız domeni daxil edin, məsələn shop.example.az — https://, yol və port olmadan',
    taken: 'Zəhmət olmasa, başqa domen adı əlavə edin',
  },
  en: {
    settingsTab: 'Domains',
    title: 'Domains',
    emptyTitle: 'No domain of your own yet',
    pending: 'Waiting for DNS',
    verified: 'Verified',
    on: 'On',
    off: 'Off',
    primary: 'Primary',
    httpsOn: 'HTTPS on',
    httpsOff: 'HTTPS off',
    notChecked: 'Not checked yet',
    missing: 'Not found',
    found: 'Found',
    checkMissing: 'Not all records were found yet',
    checkVerified: 'All records found: the domain is verified.',
    added: (name: string) => `${name} added`,
    madePrimary: (name: string) => `${name} is now your primary domain`,
    switchedOff: (name: string) => `${name} is off`,
    deleted: (name: string) => `${name} deleted`,
    activeLabel: 'Open the store at this address',
    hostOnly: 'Enter the domain only, like shop.example.az — without https://, a path or a port',
    taken: 'Please add a different domain name',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

const cardOf = (page: Page, name: string) => page.locator(`[data-testid="domain-card"][data-name="${name}"]`);
const recordOf = (card: Locator, type: 'CNAME' | 'A' | 'TXT') =>
  card.locator(`[data-testid="domain-record"][data-type="${type}"]`);

/** The store's home page as a shopper's browser asks for it at `host` (resolved here to this server). */
async function homeAt(api: APIRequestContext, host: string) {
  const response = await api.get('/', { headers: { host }, maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}

/** The journeys' server (playwright.config.ts). */
const SERVER = `127.0.0.1:${process.env.E2E_PORT ?? 3199}`;

let dns: LocalDns;
let caddy: RunningCaddy;
test.beforeAll(async () => {
  dns = await new LocalDns().start(DNS_PORT);
  // The production front (deploy/Caddyfile) before the journeys' server: a verified domain is
  // opened through it, over HTTPS, its certificate issued on the first visit.
  caddy = await startCaddy({
    upstreams: [SERVER],
    askUrl: `http://${SERVER}/api/Domains/ask`,
    platformHost: 'platform.e2e.test',
  });
});
test.afterAll(async () => {
  await dns?.close();
  await caddy?.stop();
});

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a domain added, pointed at the store in DNS, checked, served, made primary, switched off and deleted; another store can't add it`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const store = await merchantWithNewStore(page.request, request, `domains-${language}`);
    const domain = `shop-${uniqueTag()}.example.az`;

    await page.goto('/cp/general');
    await page.getByTestId('settings-tab-domains').click();
    await expect(page).toHaveURL(/\/cp\/domains$/);
    await expect(page.getByTestId('cp-domains-title')).toHaveText(text.title);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('settings-tab-domains')).toHaveText(text.settingsTab);
    await expect(page.getByTestId('settings-tab-domains')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('platform-address')).toHaveText(new RegExp(`/${store.name}$`));
    await expect(page.getByTestId('domains-empty')).toContainText(text.emptyTitle);

    const input = page.getByTestId('domain-input');
    const card = cardOf(page, domain);
    await test.step('an address with a scheme is refused at the field; the name in capitals is kept lowercase', async () => {
      await input.fill('https://Shop.Example');
      await page.getByTestId('domain-add').click();
      await expect(fieldOf(input)).toContainText(text.hostOnly);

      await input.fill(domain.toUpperCase());
      await page.getByTestId('domain-add').click();
      await expect(page.getByTestId('notice')).toContainText(text.added(domain));
      await expect(input).toHaveValue('');
      await expect(card.getByTestId('domain-name')).toHaveText(domain);
      await expect(card.getByTestId('domain-verification')).toHaveText(text.pending);
      await expect(card.getByTestId('domain-active-status')).toHaveText(text.on);
      await expect(card.getByTestId('domain-https')).toHaveText(text.httpsOff);
      await expect(card.getByTestId('domain-primary')).toHaveCount(0);
      await expect(page.getByTestId('domains-empty')).toHaveCount(0);
      // The new card opens with the records to create, not yet looked for.
      await expect(recordOf(card, 'CNAME').getByTestId('domain-record-host')).toHaveText(domain);
      await expect(recordOf(card, 'CNAME').getByTestId('domain-record-value')).toHaveText(TARGET);
      await expect(recordOf(card, 'TXT').getByTestId('domain-record-host')).toHaveText(`_shop-builder.${domain}`);
      await expect(recordOf(card, 'TXT').getByTestId('domain-record-value')).toHaveText(/^[0-9a-f]{32}$/);
      await expect(recordOf(card, 'TXT')).toHaveAttribute('data-found', 'unknown');
      await expect(card.getByTestId('domain-records')).toContainText(text.notChecked);
    });

    await test.step('checked before the records exist: neither is found', async () => {
      await card.getByTestId('domain-check').click();
      await expect(card.getByTestId('domain-check-result')).toContainText(text.checkMissing);
      await expect(recordOf(card, 'CNAME')).toHaveAttribute('data-found', 'false');
      await expect(recordOf(card, 'TXT')).toHaveAttribute('data-found', 'false');
      await expect(card.getByTestId('domain-records')).toContainText(text.missing);
      await expect(card.getByTestId('domain-verification')).toHaveText(text.pending);
    });

    await test.step('the records created at the "registrar" as the page lists them: checked again, verified', async () => {
      const token = (await recordOf(card, 'TXT').getByTestId('domain-record-value').textContent()) as string;
      const target = (await recordOf(card, 'CNAME').getByTestId('domain-record-value').textContent()) as string;
      dns.set(`_shop-builder.${domain}`, 'TXT', token);
      dns.set(domain, 'CNAME', target);
      await card.getByTestId('domain-check').click();
      await expect(card.getByTestId('domain-check-result')).toHaveText(text.checkVerified);
      await expect(card.getByTestId('domain-verification')).toHaveText(text.verified);
      await expect(card.getByTestId('domain-https')).toHaveText(text.httpsOn);
      await expect(card.getByTestId('domain-check')).toHaveCount(0);
      // The records stay a click away, both found.
      await card.getByTestId('domain-records-toggle').click();
      await expect(recordOf(card, 'CNAME')).toHaveAttribute('data-found', 'true');
      await expect(recordOf(card, 'TXT')).toHaveAttribute('data-found', 'true');
    });

    await test.step('a shopper’s browser opens the store at https://{domain}, through Caddy', async () => {
      // The shopper's browser resolves the domain to Caddy, as DNS would in production.
      const shopperBrowser = await browser.browserType().launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${domain} 127.0.0.1:${caddy.httpsPort}`],
      });
      try {
        // Caddy's own CA (local_certs) is not one the browser knows: the test trusts it.
        const context = await shopperBrowser.newContext({ ignoreHTTPSErrors: true });
        // The journey's language, as the language switch keeps it at that address.
        await context.addCookies([{ name: 'language', value: language, domain, path: '/' }]);
        const shopper = await context.newPage();
        const response = await shopper.goto(`https://${domain}/`);
        expect(response?.status()).toBe(200);
        await expect(shopper.locator('[data-testid="storefront"][data-hydrated="true"]')).toBeVisible();
        await expect(shopper.getByRole('banner')).toContainText(store.name);
        expect(new URL(shopper.url()).host).toBe(domain);
      } finally {
        await shopperBrowser.close();
      }
    });

    await test.step('made primary', async () => {
      await card.getByTestId('domain-make-primary').click();
      await expect(page.getByTestId('notice')).toContainText(text.madePrimary(domain));
      await expect(card.getByTestId('domain-primary')).toHaveText(text.primary);
      await expect(card.getByTestId('domain-make-primary')).toHaveCount(0);
    });

    await test.step('another store adding the same domain is told to add a different one', async () => {
      const context = await browser.newContext();
      const other = await context.newPage();
      await useLanguage(other, language);
      await merchantWithNewStore(other.request, request, `domains-other-${language}`);
      await other.goto('/cp/domains');
      await other.getByTestId('domain-input').fill(domain);
      await other.getByTestId('domain-add').click();
      await expect(fieldOf(other.getByTestId('domain-input'))).toContainText(text.taken);
      await expect(other.getByTestId('domains-empty')).toBeVisible();
      await context.close();
    });

    await test.step('switched off: no longer primary nor served', async () => {
      await card.getByRole('switch', { name: text.activeLabel }).click();
      await expect(page.getByTestId('notice')).toContainText(text.switchedOff(domain));
      await expect(card.getByTestId('domain-active-status')).toHaveText(text.off);
      await expect(card.getByTestId('domain-primary')).toHaveCount(0);
      await expect(card.getByTestId('domain-https')).toHaveText(text.httpsOff);
      await expect(card).toHaveAttribute('data-primary', 'false');
      // At once: the switch moves the store's catalog version, which the server's caches of hosts
      // and pages follow.
      const home = await homeAt(page.request, domain);
      expect(home.html).not.toContain('data-testid="storefront"');
      expect(home.html).not.toContain(store.name);
    });

    await test.step('deleted after confirming: the page is empty again', async () => {
      await card.getByTestId('domain-delete').click();
      await expect(page.getByTestId('confirm-delete')).toContainText(domain);
      await page.getByTestId('confirm-delete-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.deleted(domain));
      await expect(card).toHaveCount(0);
      await expect(page.getByTestId('domains-empty')).toContainText(text.emptyTitle);
      await page.reload();
      await expect(page.getByTestId('domains-empty')).toBeVisible();
    });
  });
}
