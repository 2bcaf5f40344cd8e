import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { messages } from '@shop/shared';
import { STAFF_MEMBER } from './accounts';
import { apiData, imageFile, signInAs, signInAsDemo, uniqueTag, useLanguage } from './support';

// The platform's writing (issue 17): one of the staff writes a tutorial in Azerbaijani — cover,
// video, a picture among its steps — keeps it a draft that visitors cannot find, publishes it,
// reads it on the public site, renames it, takes it back off the site and deletes it; a help
// article in English is filed under its topic in the help centre. A merchant who is not one of
// the staff is kept out of the editor, by the page and by the API.

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const UUID = /\/staff\/articles\/([0-9a-f-]{36})$/;

/** The serious and critical violations axe finds on the page as it is now (as e2e/staff.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/** The id of the article whose editor is open. */
function articleIdOf(page: Page): string {
  return UUID.exec(new URL(page.url()).pathname)?.[1] as string;
}

test('az: a tutorial with a cover, a video and a picture in its steps goes from draft to the site and away', async ({
  page,
  request,
}) => {
  // A sign-in, two uploads and a dozen saves and page loads.
  test.setTimeout(120_000);
  await useLanguage(page, 'az');
  await signInAs(page, request, STAFF_MEMBER);
  const tag = uniqueTag();
  const title = `Mağazanı 10 dəqiqəyə açın ${tag}`;
  const alt = `Yadda saxla düyməsi ${tag}`;

  await test.step('the staff area leads from its stores to the writing, a kind at a time, kept in the URL', async () => {
    await page.goto('/staff/stores');
    await page.getByTestId('staff-nav-articles').click();
    await expect(page).toHaveURL(/\/staff\/articles$/);
    await expect(page.getByTestId('staff-articles-title')).toHaveText('Yazılar');
    await expect(page.getByTestId('staff-nav-articles')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('staff-articles-kind').getByText('Dərsliklər').click();
    await expect(page).toHaveURL(/\/staff\/articles\?kind=tutorial$/);
    await page.getByTestId('staff-article-new').click();
    await expect(page).toHaveURL(/\/staff\/articles\/new\?kind=tutorial$/);
    await expect(page.getByTestId('article-form-title')).toHaveText('Yeni dərslik');
    await expect(page.getByTestId('article-language')).toHaveValue('az');
  });

  await test.step('a title, a summary and a cover image', async () => {
    await page.getByTestId('article-title').fill(title);
    await expect(page.getByTestId('article-title-count')).toContainText(`${title.length}/160`);
    await page.getByTestId('article-summary').fill('İlk mağazanızı addım-addım qurun.');
    await page.getByTestId('article-cover').setInputFiles(await imageFile('cover.png', { r: 20, g: 120, b: 200 }));
    await expect(page.getByTestId('article-form').locator('img[src^="/uploads/"]').first()).toBeVisible();
  });

  await test.step('an address that is no video is refused at its field; a YouTube one shows its player', async () => {
    const video = page.getByTestId('article-video');
    await video.fill('https://example.com/my-video');
    await video.blur();
    await expect(page.getByTestId('article-form')).toContainText(messages.articleVideoInvalid.az);
    await expect(page.getByTestId('article-video-preview')).toHaveCount(0);
    await video.fill(VIDEO);
    await video.blur();
    await expect(page.getByTestId('article-form')).not.toContainText(messages.articleVideoInvalid.az);
    await expect(page.getByTestId('article-video-preview').locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  await test.step('the steps, with a picture uploaded into the text and described', async () => {
    const body = page.getByTestId('article-body');
    await body.click();
    await page.keyboard.type('Birinci addım: mağazanın adını yazın.');
    await page.getByTestId('article-body-image').click();
    const dialog = page.getByRole('dialog', { name: 'Şəkil əlavə et' });
    await expect(dialog).toBeVisible();
    // Described first: nothing goes in without words for it.
    await dialog.getByTestId('article-body-image-insert').click();
    await expect(dialog).toContainText(messages.required.az);
    await dialog
      .getByTestId('article-body-image-file')
      .setInputFiles(await imageFile('step.png', { r: 240, g: 180, b: 30 }));
    await expect(dialog.locator('img[src^="/uploads/"]')).toBeVisible();
    await dialog.getByTestId('article-body-image-alt').fill(alt);
    await dialog.getByTestId('article-body-image-insert').click();
    await expect(dialog).toBeHidden();
    await expect(body.locator(`img[alt="${alt}"]`)).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    // The cursor waits below the picture for the next step.
    await page.keyboard.type('İkinci addım: yadda saxlayın.');
  });

  let id = '';
  await test.step('saved as a draft: the editor opens it as itself, the list shows it, visitors do not', async () => {
    await expect(page.getByTestId('article-published')).not.toBeChecked();
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('notice')).toContainText('qaralama kimi yadda saxlanıldı');
    await expect(page).toHaveURL(UUID);
    id = articleIdOf(page);
    await expect(page.getByTestId('article-form-title')).toHaveText(title);
    await expect(page.getByTestId('staff-article-status')).toHaveText('Qaralama');
    await expect(page.getByTestId('article-view')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('article-back').click();
    await expect(page).toHaveURL(/\/staff\/articles\?kind=tutorial$/);
    const row = page.getByTestId('staff-article-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('staff-article-status')).toHaveText('Qaralama');
    await expect(row.getByTestId('staff-article-language')).toHaveText('Azərbaycanca');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByTestId('staff-article-link').click();
    await expect(page).toHaveURL(new RegExp(`/staff/articles/${id}$`));

    const site = await page.context().newPage();
    await site.goto('/tutorials');
    await expect(site.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(site.getByText(title)).toHaveCount(0);
    expect((await site.goto(`/tutorials/${id}`))?.status()).toBe(404);
    await site.close();
  });

  await test.step('published: read on the site with its player and the picture among its steps', async () => {
    await page.getByTestId('article-published').check();
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('notice')).toContainText('saytda görünür');
    await expect(page.getByTestId('staff-article-status')).toHaveText('Dərc olunub');
    const view = page.getByTestId('article-view');
    await expect(view).toHaveAttribute('href', `/tutorials/${id}`);
    await expect(view).toHaveAttribute('target', '_blank');

    const [site] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
    await site.waitForLoadState();
    const article = site.getByTestId('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await expect(article.locator(`.article__body img[alt="${alt}"]`)).toHaveAttribute('src', /^\/uploads\//);
    await expect(article).toContainText('İkinci addım: yadda saxlayın.');
    await site.goto('/tutorials');
    await expect(site.getByTestId('article-list')).toContainText(title);
    await site.close();
  });

  const renamed = `${title} (yenilənib)`;
  await test.step('renamed: leaving unsaved asks first; saved, the site shows the new title', async () => {
    await page.getByTestId('article-title').fill(renamed);
    await page.getByTestId('staff-nav-stores').click();
    await expect(page.getByTestId('unsaved-dialog')).toContainText('Yadda saxlamadan çıxılsın?');
    await page.getByTestId('unsaved-stay').click();
    await expect(page).toHaveURL(new RegExp(`/staff/articles/${id}$`));
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('article-form-title')).toHaveText(renamed);
    const site = await page.context().newPage();
    await site.goto(`/tutorials/${id}`);
    await expect(site.getByTestId('article').getByRole('heading', { level: 1 })).toHaveText(renamed);
    await site.close();
  });

  await test.step('taken off the site: its page is not found', async () => {
    await page.getByTestId('article-published').uncheck();
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('staff-article-status')).toHaveText('Qaralama');
    await expect(page.getByTestId('article-view')).toHaveCount(0);
    const site = await page.context().newPage();
    expect((await site.goto(`/tutorials/${id}`))?.status()).toBe(404);
    await site.close();
  });

  await test.step('deleted after a confirmation: gone from the list', async () => {
    await page.getByTestId('article-delete').click();
    await expect(page.getByTestId('confirm-delete')).toContainText(renamed);
    await page.getByTestId('confirm-delete-confirm').click();
    await expect(page.getByTestId('notice')).toContainText('silindi');
    await expect(page).toHaveURL(/\/staff\/articles\?kind=tutorial$/);
    await expect(page.getByTestId('staff-articles-title')).toBeVisible();
    await expect(page.getByText(renamed)).toHaveCount(0);
    const response = await page.request.get(`/api/Staff/articles/${id}`);
    expect(response.status()).toBe(404);
  });
});

test('en: a help article is filed under its topic in the help centre', async ({ page, request }) => {
  test.setTimeout(90_000);
  await useLanguage(page, 'en');
  await signInAs(page, request, STAFF_MEMBER);
  const title = `Paying out to your bank card ${uniqueTag()}`;

  await page.goto('/staff/articles?kind=help&language=en');
  await expect(page.getByTestId('staff-articles-language')).toHaveValue('en');
  await page.getByTestId('staff-article-new').click();
  await expect(page).toHaveURL(/\/staff\/articles\/new\?kind=help&language=en$/);
  await expect(page.getByTestId('article-form-title')).toHaveText('New help article');
  await expect(page.getByTestId('article-language')).toHaveValue('en');

  await test.step('a help article needs its topic', async () => {
    await page.getByTestId('article-title').fill(title);
    await page.getByTestId('article-body').click();
    await page.keyboard.type('Payouts arrive every Wednesday on the card you named.');
    await page.getByTestId('article-published').check();
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('article-form')).toContainText(messages.required.en);
    await expect(page).toHaveURL(/\/staff\/articles\/new/);
  });

  await test.step('filed under Payments and published, it is in that topic and no other', async () => {
    await page.getByTestId('article-topic').selectOption('payments');
    await page.getByTestId('article-save').click();
    await expect(page.getByTestId('notice')).toContainText('visible on the site');
    await expect(page).toHaveURL(UUID);
    const id = articleIdOf(page);

    await page.getByTestId('article-back').click();
    const row = page.getByTestId('staff-article-row').filter({ hasText: title });
    await expect(row.getByTestId('staff-article-topic')).toHaveText('Payments and payouts');
    await expect(row.getByTestId('staff-article-status')).toHaveText('Published');

    await page.goto('/help-center?topic=payments');
    await expect(page.getByTestId('article-list')).toContainText(title);
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/help-center/${id}$`));
    await expect(page.getByTestId('article').getByRole('heading', { level: 1 })).toHaveText(title);
    await page.goto('/help-center?topic=shipping');
    await expect(page.getByText(title)).toHaveCount(0);

    // The help centre's counts are other journeys' too: leave none behind.
    await apiData(page.request, 'DELETE', `/Staff/articles/${id}`);
  });
});

test('a merchant who is not one of the staff finds the writing closed', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInAsDemo(page, request);
  await page.goto('/staff/articles');
  await expect(page.getByTestId('staff-only-title')).toHaveText(messages.FORBIDDEN.en);
  await expect(page.getByTestId('staff-nav')).toHaveCount(0);
  await page.goto('/staff/articles/new?kind=blog');
  await expect(page.getByTestId('staff-only')).toBeVisible();
  await expect(page.getByTestId('article-form')).toHaveCount(0);
  const response = await page.request.get('/api/Staff/articles?kind=blog');
  expect(response.status()).toBe(403);
  expect((await response.json()).error.code).toBe('FORBIDDEN');
});
