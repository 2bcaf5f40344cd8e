import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import type { StaffArticle } from '@shop/shared';
import { STAFF_MEMBER } from './accounts';
import { apiData, signInApi, uniqueTag, useLanguage } from './support';

// The platform's writing on its public site (issue 17): what the staff publish (made here through
// the staff's API) is read by visitors — the blog's list and a post with its link preview and
// JSON-LD, the RSS feed, a tutorial with its video player, the help centre's topics and its search
// (Azerbaijani letters folded, no script needed) — in the visitor's language; drafts stay hidden;
// every page of the site's footer answers in all three languages.

const TEXT = {
  az: { blog: 'Bloq', tutorials: 'Dərsliklər', help: 'Kömək mərkəzi', minutes: '2 dəq oxuma', found: 'məqalə tapıldı' },
  en: { blog: 'Blog', tutorials: 'Tutorials', help: 'Help centre', minutes: '2 min read', found: 'article found' },
} as const;

/** The staff member's API session (STAFF_EMAILS of scripts/e2e-server.mjs), signed in with the mailed code. */
async function staffApi(baseURL: string, request: APIRequestContext): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await signInApi(api, request, STAFF_MEMBER);
  return api;
}

const write = (api: APIRequestContext, body: Record<string, unknown>) =>
  apiData<StaffArticle>(api, 'POST', '/Staff/articles', { summary: '', published: true, ...body });

/** The serious and critical violations axe finds (as e2e/accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a visitor reads the blog, a tutorial and the help centre; drafts stay hidden`, async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const api = await staffApi(baseURL as string, request);
    const words = `<p>${'söz '.repeat(420)}</p>`;
    const post = await write(api, {
      kind: 'blog',
      language,
      title: `${language === 'az' ? 'İlk satışdan əvvəl beş addım' : 'Five steps before your first sale'} ${tag}`,
      summary: language === 'az' ? 'Mağazanı açmazdan əvvəl yoxlayın.' : 'Check these before you open the store.',
      body: `<h2>${language === 'az' ? 'Birinci addım' : 'Step one'}</h2>${words}`,
    });
    const draft = await write(api, {
      kind: 'blog',
      language,
      title: `Draft ${tag}`,
      body: '<p>Not yet.</p>',
      published: false,
    });
    const tutorial = await write(api, {
      kind: 'tutorial',
      language,
      title: `${language === 'az' ? 'İlk məhsulu əlavə edin' : 'Add your first product'} ${tag}`,
      body: '<ol><li>Open Products.</li><li>Press Add product.</li></ol>',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const help = await write(api, {
      kind: 'help',
      language,
      topic: 'shipping',
      title: `${language === 'az' ? 'Çatdırılma tarifləri' : 'Shipping rates'} ${tag}`,
      body: `<p>${language === 'az' ? 'Kuryer ilə çatdırılma üçün bölgə seçin.' : 'Choose the regions your courier delivers to.'}</p>`,
    });
    await useLanguage(page, language);

    // The blog: newest first, the draft nowhere.
    await page.goto('/blogs');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1, name: text.blog })).toBeVisible();
    const list = page.getByTestId('article-list');
    await expect(list.getByRole('link', { name: post.title })).toBeVisible();
    await expect(list.getByRole('link', { name: draft.title })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${text.blog} · `));
    expect(await seriousViolations(page)).toEqual([]);

    // A post: its words, its reading time, its link preview and JSON-LD.
    await list.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${post.id}$`));
    const article = page.getByTestId('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(article).toContainText(text.minutes);
    await expect(page).toHaveTitle(`${post.title} · Shop builder`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', post.title);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) as string);
    expect(jsonLd).toMatchObject({ '@type': 'Article', headline: post.title, inLanguage: language });
    expect((await page.request.get(`/blogs/${draft.id}`)).status()).toBe(404);

    // The feed: the post, in the language asked.
    const feed = await page.request.get(`/blogs/rss.xml?language=${language}`);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain(`<link>${new URL(baseURL as string).origin}/blogs/${post.id}</link>`);
    expect(xml).not.toContain(draft.id);

    // A tutorial plays its video from YouTube's privacy-enhanced host.
    await page.goto('/tutorials');
    await page.getByTestId('article-list').getByRole('link', { name: tutorial.title }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(page.getByTestId('article').locator('ol li')).toHaveCount(2);

    // The help centre: by topic, and by words typed without Azerbaijani letters.
    await page.goto('/help-center');
    await expect(page.getByRole('heading', { level: 1, name: text.help })).toBeVisible();
    const search = page.getByRole('searchbox');
    await search.fill(language === 'az' ? `catdirilma ${tag}` : `shipping ${tag}`);
    await search.press('Enter');
    await expect(page.getByTestId('help-results')).toContainText(`1 ${text.found}`);
    await expect(page.getByTestId('article-list').getByRole('link', { name: help.title })).toBeVisible();
    await page.goto('/help-center?topic=payments');
    await expect(page.getByTestId('article-list').getByRole('link', { name: help.title })).toHaveCount(0);
    await page.goto('/help-center?topic=shipping');
    await page.getByTestId('article-list').getByRole('link', { name: help.title }).click();
    await expect(page.getByTestId('article').getByRole('heading', { level: 1 })).toHaveText(help.title);
    await api.dispose();
  });
}

test('every page of the site’s footer answers in all three languages', async ({ page }) => {
  for (const language of ['az', 'en', 'ru'] as const) {
    await page.context().addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }]);
    await page.goto('/blogs');
    const links = await page
      .getByTestId('site-footer')
      // The pages' links (the language and theme switches are tried below).
      .locator('nav a[href^="/"]')
      .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href') as string))]);
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const href of links) {
      const response = await page.request.get(href, { headers: { cookie: `language=${language}` } });
      expect(response.status(), `${language} ${href}`).toBe(200);
      expect(await response.text(), `${language} ${href}`).toContain(`<html lang="${language}"`);
    }
  }
});

test('the site’s pages send no script; its language and theme switches are links that bring the visitor back', async ({
  page,
}) => {
  await page.context().addCookies([{ name: 'language', value: 'az', domain: '127.0.0.1', path: '/' }]);
  for (const path of ['/', '/blogs', '/help-center', '/about', '/privacy']) {
    await page.goto(path);
    // JSON-LD is data; nothing else is a script.
    await expect(page.locator('script:not([type="application/ld+json"])'), path).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
  }
  await page.goto('/help-center?topic=shipping');
  await page.getByTestId('site-language-en').click();
  await expect(page).toHaveURL(/\/help-center\?topic=shipping$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(page.getByTestId('site-language-en')).toHaveAttribute('aria-current', 'true');

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('site-theme').click();
  await expect(page).toHaveURL(/\/help-center\?topic=shipping$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const theme = (await page.context().cookies()).find((c) => c.name === 'theme');
  expect(theme?.value).toBe('dark');
  // The switch never leads away from the site: another site's address as the way back is refused.
  await page.goto('/preferences?language=ru&back=//evil.example/x');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

for (const language of ['az', 'en'] as const) {
  const SENT = { az: 'nömrəli mesajınız bizə çatdı', en: 'reached us' } as const;
  const REQUIRED = { az: 'Xanaları tam doldurun', en: 'Fill in the inputs completely' } as const;

  test(`${language}: a visitor writes to the team from the contact page and asks the help centre — no script needed`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    const tag = uniqueTag();
    await page.goto('/contact');
    await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
    // Sent empty: every field says what it needs, in the page's language.
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-form-error')).toBeVisible();
    await expect(page.getByTestId('contact-name-error')).toHaveText(REQUIRED[language]);
    await expect(page.getByTestId('contact-email-error')).toBeVisible();
    // What was typed stays; the short message is told its rule.
    const form = page.getByTestId('contact-form');
    await form.getByLabel(language === 'az' ? 'Adınız' : 'Your name').fill(`Leyla ${tag}`);
    await form.getByLabel(language === 'az' ? 'E-poçt' : 'E-mail').fill(`leyla-${tag}@example.com`);
    await form.getByLabel(language === 'az' ? 'Mövzu' : 'Subject').fill('Partnership');
    await form.getByLabel(language === 'az' ? 'Mesajınız' : 'Your message').fill('Short');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-message-error')).toBeVisible();
    await expect(form.getByLabel(language === 'az' ? 'Adınız' : 'Your name')).toHaveValue(`Leyla ${tag}`);
    await form
      .getByLabel(language === 'az' ? 'Mesajınız' : 'Your message')
      .fill('We would like to sell through your platform.');
    await page.getByTestId('contact-submit').click();
    await expect(page).toHaveURL(/\/success-page\?kind=contact&number=\d+#sent$/);
    await expect(page.getByTestId('success-text')).toContainText(SENT[language]);

    // The help centre's question, under the articles.
    await page.goto('/help-center');
    const ask = page.getByTestId('help-form');
    await ask.getByLabel(language === 'az' ? 'Adınız' : 'Your name').fill(`Rauf ${tag}`);
    await ask.getByLabel(language === 'az' ? 'E-poçt' : 'E-mail').fill(`rauf-${tag}@example.com`);
    await ask.getByLabel(language === 'az' ? 'Bölmə' : 'Topic').selectOption('shipping');
    await ask
      .getByLabel(language === 'az' ? 'Mesajınız' : 'Your message')
      .fill('How do I charge more for far regions?');
    await page.getByTestId('help-submit').click();
    await expect(page).toHaveURL(/\/success-page\?kind=help&number=\d+#sent$/);

    // A script that fills the hidden field too is refused, and nothing is kept.
    await page.goto('/contact');
    await form.getByLabel(language === 'az' ? 'Adınız' : 'Your name').fill(`Bot ${tag}`);
    await form.getByLabel(language === 'az' ? 'E-poçt' : 'E-mail').fill(`bot-${tag}@example.com`);
    await form.getByLabel(language === 'az' ? 'Mövzu' : 'Subject').fill('Cheap offers');
    await form
      .getByLabel(language === 'az' ? 'Mesajınız' : 'Your message')
      .fill('Buy our followers today, best price.');
    await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-form-error')).toContainText('hello@shopbuilder.az');
    const mails = await request.get('/api/Dev/mailbox');
    const subjects = ((await mails.json()) as { data: { text: string }[] }).data.map((m) => m.text);
    expect(subjects.some((text) => text.includes(`leyla-${tag}@example.com`))).toBe(true);
    expect(subjects.some((text) => text.includes(`bot-${tag}@example.com`))).toBe(false);
  });
}
