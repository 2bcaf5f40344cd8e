import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signInAsDemo, useLanguage } from './support';

// What a merchant reads, per language: the screen's texts (locales/*/analytics.json) and the
// messages of SPEC §8 (packages/shared/src/messages.ts).
const TEXT = {
  en: {
    title: 'Analytics integrations',
    settingsTab: 'Analytics integrations',
    connected: 'Connected',
    notConnected: 'Not connected',
    saved: (service: string) => `${service} is connected`,
    removed: (service: string) => `${service} is disconnected. Save the ID again to reconnect it.`,
    meta: 'Meta pixel',
    clarity: 'Microsoft Clarity',
    // SPEC §8
    googleMissing: 'Market ID or Google ID is missing',
    yandexFormat: 'A Yandex Metrika counter number is 5 to 10 digits, for example 12345678',
    pixelFormat: 'A Meta pixel ID is 15 or 16 digits, for example 123456789012345',
  },
  az: {
    title: 'Analitika inteqrasiyaları',
    settingsTab: 'Analitika inteqrasiyaları',
    connected: 'Qoşulub',
    notConnected: 'Qoşulmayıb',
    saved: (service: string) => `${service} qoşuldu`,
    removed: (service: string) => `${service} ayrıldı. Yenidən qoşmaq üçün ID-ni təkrar yadda saxlayın.`,
    meta: 'Meta pixel',
    clarity: 'Microsoft Clarity',
    // SPEC §8
    googleMissing: 'Mağaza ID-si və ya Google ID-si yoxdur',
    yandexFormat: 'Yandex Metrika sayğacının nömrəsi 5–10 rəqəmdən ibarətdir, məsələn 12345678',
    pixelFormat: 'Meta pixel ID-si 15 və ya 16 rəqəmdən ibarətdir, məsələn 123456789012345',
  },
} as const;

const PIXEL_ID = '123456789012345';
const CLARITY_ID = 'abcd1234ef';

/** The field's wrapper (label, input, help, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

interface Store {
  id: string;
  name: string;
}

/** The demo store, and no pixel on it: each journey starts from the same place. */
async function demoStoreWithoutPixels(page: Page): Promise<Store> {
  const stores = (await (await page.request.get('/api/Market/get-all-store')).json()) as { data: Store[] };
  const store = stores.data.find((s) => s.name === DEMO.store);
  if (!store) throw new Error('the demo store is missing');
  for (const kind of ['facebook', 'yandex', 'google', 'clarity']) {
    const response = await page.request.delete(`/api/Market/analytics-id/${store.id}/${kind}`);
    expect(response.status()).toBe(200);
  }
  return store;
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: a merchant connects Meta and Clarity, is told what is wrong, and disconnects one`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await signInAsDemo(page, request);
    const store = await demoStoreWithoutPixels(page);

    const card = (kind: string) => page.getByTestId(`analytics-card-${kind}`);
    const input = (kind: string) => page.getByTestId(`analytics-input-${kind}`);
    const status = (kind: string) => page.getByTestId(`analytics-status-${kind}`);
    const notice = page.getByTestId('notice');

    await test.step('the settings tabs lead to the screen', async () => {
      await page.goto('/cp/general');
      await page.getByTestId('settings-tab-analyticsIntegration').click();
      await expect(page).toHaveURL(/\/cp\/analytics-integration$/);
      await expect(page.getByTestId('cp-analytics-integration-title')).toHaveText(text.title);
      await expect(page.getByTestId('settings-tab-analyticsIntegration')).toHaveText(text.settingsTab);
      for (const kind of ['facebook', 'yandex', 'google', 'clarity']) {
        await expect(status(kind)).toHaveText(text.notConnected);
      }
    });

    await test.step('a wrong Meta pixel id is refused at its field, then the right one is saved', async () => {
      await input('facebook').fill('12345');
      await page.getByTestId('analytics-save-facebook').click();
      await expect(fieldOf(input('facebook'))).toContainText(text.pixelFormat);
      await expect(input('facebook')).toHaveAttribute('aria-invalid', 'true');
      await expect(status('facebook')).toHaveText(text.notConnected);

      await input('facebook').fill(` ${PIXEL_ID} `);
      await page.getByTestId('analytics-save-facebook').click();
      await expect(notice).toContainText(text.saved(text.meta));
      await expect(status('facebook')).toHaveText(text.connected);
      await expect(card('facebook')).toHaveAttribute('data-connected', 'true');
      await expect(input('facebook')).toHaveValue(PIXEL_ID);
      await expect(fieldOf(input('facebook'))).not.toContainText(text.pixelFormat);
    });

    await test.step('Clarity is saved', async () => {
      await input('clarity').fill(CLARITY_ID);
      await page.getByTestId('analytics-save-clarity').click();
      await expect(notice).toContainText(text.saved(text.clarity));
      await expect(status('clarity')).toHaveText(text.connected);
    });

    await test.step('the missing and format messages of the other services', async () => {
      await page.getByTestId('analytics-save-google').click();
      await expect(fieldOf(input('google'))).toContainText(text.googleMissing);
      await input('yandex').fill('12ab');
      await input('yandex').blur();
      await expect(fieldOf(input('yandex'))).toContainText(text.yandexFormat);
      await expect(status('google')).toHaveText(text.notConnected);
      await expect(status('yandex')).toHaveText(text.notConnected);
    });

    await test.step('after a reload both are still connected, and the storefront lookup carries them', async () => {
      await page.reload();
      await expect(status('facebook')).toHaveText(text.connected);
      await expect(status('clarity')).toHaveText(text.connected);
      await expect(status('google')).toHaveText(text.notConnected);
      await expect(input('facebook')).toHaveValue(PIXEL_ID);
      await expect(input('clarity')).toHaveValue(CLARITY_ID);
      const lookup = await request.get(`/api/Market/get-store-by-name/${store.name}`);
      expect(((await lookup.json()) as { data: unknown }).data).toMatchObject({
        id: store.id,
        facebookPixelId: PIXEL_ID,
        yandexMetricaId: null,
        googleAnalyticsId: null,
        clarityId: CLARITY_ID,
      });
    });

    await test.step('Clarity is removed; Meta stays', async () => {
      await page.getByTestId('analytics-remove-clarity').click();
      await expect(notice).toContainText(text.removed(text.clarity));
      await expect(status('clarity')).toHaveText(text.notConnected);
      await expect(page.getByTestId('analytics-remove-clarity')).toHaveCount(0);
      // The id stays in the field, so that saving undoes a removal by mistake.
      await expect(input('clarity')).toHaveValue(CLARITY_ID);
      await page.reload();
      await expect(status('clarity')).toHaveText(text.notConnected);
      await expect(input('clarity')).toHaveValue('');
      await expect(status('facebook')).toHaveText(text.connected);
    });

    // The demo store goes back to no pixels for the journeys after this one.
    await demoStoreWithoutPixels(page);
  });
}
