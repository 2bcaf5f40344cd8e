import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { messages } from '@shop/shared';
import config from '../playwright.config';
import { STAFF_MEMBER } from './accounts';
import { imageFile, signInAs, uniqueTag, useLanguage } from './support';

// The bug report (issue 17): a visitor describes what went wrong, adds a screenshot (uploaded as
// soon as it is chosen) and records a voice note in the browser, and lands on the success page;
// one of the staff finds the report in their list with its picture and a player whose voice note
// answers. A visitor who refuses the microphone is told so; a browser that cannot record has no
// recorder.

// Chromium's stand-in microphone (a tone); whether the page may use it is each context's permission.
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: { ...config.use?.launchOptions, args: [...baseArgs, '--use-fake-device-for-media-stream'] },
});

const TEXT = {
  az: {
    name: 'Ad',
    surname: 'Soyad',
    email: 'E-poçt',
    phone: 'Telefon',
    note: 'Nə baş verdi?',
    images: 'Ekran şəkilləri',
    sent: 'Kömək etdiyiniz üçün təşəkkür edirik',
    title: 'Müraciətlər',
    none: 'Yoxdur',
  },
  en: {
    name: 'First name',
    surname: 'Last name',
    email: 'E-mail',
    phone: 'Phone',
    note: 'What happened?',
    images: 'Screenshots',
    sent: 'Thank you for helping us improve',
    title: 'Bug reports',
    none: 'None',
  },
} as const;

async function allowMicrophone(context: BrowserContext) {
  await context.grantPermissions(['microphone']);
}

/** The serious and critical violations axe finds on the page as it is now (as e2e/staff-requests.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/** The page once its script runs (the form sends and uploads only then). */
async function openForm(page: Page) {
  await page.goto('/bug-report');
  await expect(page.locator('[data-testid="bug-form"][data-hydrated="true"]')).toBeVisible();
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a visitor reports a bug with a screenshot and a voice note; the staff see both`, async ({
    page,
    context,
  }) => {
    // Two uploads, a recording, a sign-in.
    test.setTimeout(90_000);
    const tag = uniqueTag();
    await allowMicrophone(context);
    await useLanguage(page, language);
    await openForm(page);
    await expect(page).toHaveTitle(new RegExp(`^${language === 'az' ? 'Xəta bildir' : 'Report a bug'} · `));

    // Sent empty: each field says what it needs, in the page's language.
    await page.getByTestId('bug-submit').click();
    await expect(page.getByTestId('bug-name-error')).toHaveText(messages.required[language]);
    await expect(page.getByTestId('bug-note-error')).toHaveText(messages.required[language]);
    await expect(page.getByTestId('bug-name')).toBeFocused();

    const form = page.getByTestId('bug-form');
    await form.getByLabel(text.name, { exact: true }).fill(`Leyla ${tag}`);
    await form.getByLabel(text.surname, { exact: true }).fill('Həsənova');
    await form.getByLabel(text.email, { exact: true }).fill(`leyla-${tag}@example.com`);
    await form.getByLabel(text.phone, { exact: true }).fill('+994 50 123 45 67');
    await form.getByLabel(text.note).fill(`<b>Checkout</b> freezes after "Pay" ${tag}`);

    // A screenshot uploads as soon as it is chosen, with its thumbnail and progress.
    await form.getByLabel(text.images).setInputFiles(await imageFile('screen.png', { r: 230, g: 111, b: 81 }));
    const image = page.getByTestId('bug-image-item');
    await expect(image).toHaveAttribute('data-status', 'done');
    await expect(image.locator('img')).toBeVisible();
    await expect(image.getByRole('progressbar')).toBeVisible();

    // A voice note: record, the timer runs, stop, play it back; it uploads when it stops.
    await page.getByTestId('bug-voice-record').click();
    await expect(page.getByTestId('bug-voice-timer')).toHaveText('0:01', { timeout: 5_000 });
    await page.getByTestId('bug-voice-stop').click();
    const voice = page.getByTestId('bug-voice');
    await expect(voice).toHaveAttribute('data-phase', 'recorded');
    await expect(page.getByTestId('bug-voice-playback')).toBeVisible();
    await expect(voice.getByTestId('bug-upload-done')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('bug-submit').click();
    await expect(page).toHaveURL(/\/success-page\?kind=bug&number=\d+#sent$/);
    await expect(page.getByTestId('success-page')).toContainText(text.sent);
    const id = Number(new URL(page.url()).searchParams.get('number'));

    // The staff's list: the report first, its picture shown, its voice note playable.
    await signInAs(page, page.request, STAFF_MEMBER);
    await page.goto('/staff/bug-reports');
    await expect(page.getByTestId('staff-bug-reports-title')).toHaveText(text.title);
    const row = page.getByTestId('staff-bug-report').first();
    await expect(row).toHaveAttribute('data-id', String(id));
    await expect(row.getByTestId('staff-bug-report-name')).toHaveText(`Leyla ${tag}`);
    // What was typed is shown as typed, never as markup.
    await expect(row.getByTestId('staff-bug-report-note')).toHaveText(`<b>Checkout</b> freezes after "Pay" ${tag}`);
    await expect(row.getByTestId('staff-bug-report-video')).toHaveText(text.none);
    const thumbnail = row.getByTestId('staff-bug-report-image').locator('img');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const audio = row.getByTestId('staff-bug-report-audio').locator('audio');
    const source = (await audio.getAttribute('src')) as string;
    expect(source).toMatch(/^\/api\/BugBounty\/files\/sounds\//);
    const answered = await page.request.get(source);
    expect(answered.status()).toBe(200);
    expect((await answered.body()).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(await seriousViolations(page)).toEqual([]);
    // The full picture opens from its thumbnail.
    const full = await row.getByTestId('staff-bug-report-image').getAttribute('href');
    expect((await page.request.get(full as string)).headers()['content-type']).toMatch(/^image\/png/);
  });
}

test('a refused microphone is told so; a browser that cannot record shows no recorder', async ({ page, context }) => {
  await context.clearPermissions();
  await useLanguage(page, 'en');
  await openForm(page);
  await page.getByTestId('bug-voice-record').click();
  await expect(page.getByTestId('bug-voice-error')).toHaveText(messages.microphoneDenied.en);
  await expect(page.getByTestId('bug-voice-record')).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  await useLanguage(page, 'az');
  await page.reload();
  await page.getByTestId('bug-voice-record').click();
  await expect(page.getByTestId('bug-voice-error')).toHaveText(messages.microphoneDenied.az);

  const without = await context.browser()?.newContext({ baseURL: config.use?.baseURL });
  if (!without) throw new Error('no browser');
  const other = await without.newPage();
  await other.addInitScript(() => {
    // As a browser without MediaRecorder.
    Reflect.deleteProperty(window, 'MediaRecorder');
  });
  await openForm(other);
  await expect(other.getByTestId('bug-images')).toBeVisible();
  await expect(other.getByTestId('bug-voice')).toHaveCount(0);
  await without.close();
});
