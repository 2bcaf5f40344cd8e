import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { useLanguage } from './support';

// The platform's landing page (issue 17): in each language it says what the product is, how to
// start and what it costs, shows the product itself, answers the first questions — readable and
// answering without scripts — and has nothing axe objects to on a phone or a laptop.

const LANGUAGES = ['az', 'en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const landingTexts = (language: Language) =>
  JSON.parse(fs.readFileSync(path.join(root, `apps/web/app/locales/${language}/landing.json`), 'utf8'));

/** The worked example as each language writes money: the order, the fee, what the merchant receives. */
const EXAMPLE: Record<Language, [string, string, string]> = {
  az: ['50,00 ₼', '1,95 ₼', '48,05 ₼'],
  en: ['AZN 50.00', 'AZN 1.95', 'AZN 48.05'],
  ru: ['50,00 AZN', '1,95 AZN', '48,05 AZN'],
};

/** The fee as each language states it. */
const FEE: Record<Language, string> = { az: '3,5% + 0,20 ₼', en: '3.5% + AZN 0.20', ru: '3,5 % + 0,20 AZN' };

/** Text as a person reads it: no-break spaces are spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

/** Every WCAG 2.1 A and AA violation axe finds, whatever its impact, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? v.help}`),
  );
}

for (const language of LANGUAGES) {
  test(`${language}: the landing page says what the product is, what it costs and how to start`, async ({ page }) => {
    const texts = landingTexts(language);
    await useLanguage(page, language);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // One h1, in the page's language, and the site's frame around it.
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(texts.hero.title);
    await expect(page.getByTestId('site-footer')).toBeVisible();

    // The three steps, in order.
    const steps = page.getByTestId('landing-steps').locator('li h3');
    await expect(steps).toHaveText([texts.steps.register.title, texts.steps.products.title, texts.steps.sell.title]);

    // The fee and its worked example in the language's money.
    const [order, fee, net] = EXAMPLE[language];
    expect(plain(await page.getByTestId('landing-fee').textContent())).toBe(FEE[language]);
    const example = plain(await page.getByTestId('landing-example').textContent());
    for (const amount of [order, fee, net]) expect(example).toContain(amount);

    await expect(page.getByTestId('landing-proof')).toContainText('7000');

    // Both screenshots arrive (the phone's once it is scrolled to: it loads lazily).
    const shots = page.getByTestId('landing-shot');
    await expect(shots).toHaveCount(2);
    for (const shot of await shots.all()) {
      await shot.scrollIntoViewIfNeeded();
      await expect
        .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(shots.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(shots.last()).toHaveAttribute('loading', 'lazy');

    // A question opens to its answer.
    const question = page.getByTestId('landing-faq').locator('details').nth(2);
    await expect(question).not.toHaveAttribute('open');
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open');
    await expect(question.locator('p')).toBeVisible();

    // What search engines and link previews read: the product's JSON-LD with its fee, the picture.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual([
      'Organization',
      'SoftwareApplication',
    ]);
    const offers = ld['@graph'][1].offers as { priceCurrency: string; description: string }[];
    expect(offers.map((offer) => offer.priceCurrency)).toContain('AZN');
    expect(plain(offers[0]?.description ?? '')).toContain(FEE[language]);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/^https?:\/\/.+\/landing\/panel\.jpg$/);
    expect((await page.request.get(image as string)).status()).toBe(200);

    // The way in.
    await expect(page.getByTestId('landing-end-start')).toHaveAttribute('href', '/register');
    await page.getByTestId('landing-start').click();
    await expect(page).toHaveURL(/\/register$/);
  });
}

test('the landing page reads and answers without scripts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await useLanguage(page, 'az');
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(landingTexts('az').hero.title);
  const question = page.getByTestId('landing-faq').locator('details').first();
  await question.locator('summary').click();
  await expect(question).toHaveAttribute('open');
  await expect(question.locator('p')).toBeVisible();
  await context.close();
});

for (const language of LANGUAGES) {
  test(`${language}: axe finds nothing on the landing page, on a phone (375 px) or a laptop (1280 px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const found: Record<number, string[]> = {};
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.locator('h1')).toHaveText(landingTexts(language).hero.title);
      found[width] = await violations(page);
    }
    expect(found).toEqual({ 375: [], 1280: [] });
  });
}
