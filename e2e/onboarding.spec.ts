import { expect, test } from '@playwright/test';
import { codeFor, enterCode, PASSWORD, uniqueEmail, uniqueStoreName, useLanguage } from './support';

// What a merchant sees, per language: the screens' headings and the messages of SPEC §8.
const TEXT = {
  az: {
    emailVerification: 'E-poçtunuzu təsdiqləyin',
    loginVerification: 'Kimliyinizi təsdiqləyin',
    codeIncorrect: 'Kod yanlışdır',
    nameTaken: 'Mağaza adı unikal olmalıdır',
    userExists: 'İstifadəçi artıq mövcuddur',
  },
  en: {
    emailVerification: 'Confirm your email',
    loginVerification: "Confirm it's you",
    codeIncorrect: 'Code is incorrect',
    nameTaken: 'The market name must be unique',
    userExists: 'User already exists',
  },
} as const;

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: register, confirm, sign in with a code, create a store, land in the control panel`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    const email = uniqueEmail(`journey-${language}`);
    const storeName = uniqueStoreName(`store-${language}`);

    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByTestId('register-with-email').click();
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', '4');
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    const registeredAt = Date.now();
    await page.getByTestId('register-submit').click();

    await expect(page).toHaveURL(/\/email-verification$/);
    await expect(page.getByRole('heading', { name: text.emailVerification })).toBeVisible();
    await enterCode(page, await codeFor(request, email, registeredAt));
    await page.getByTestId('code-submit').click();

    await expect(page).toHaveURL(/\/login\?email=/);
    await expect(page.getByTestId('login-email')).toHaveValue(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    const loggedInAt = Date.now();
    await page.getByTestId('login-submit').click();

    await expect(page).toHaveURL(/\/login-verification$/);
    await expect(page.getByRole('heading', { name: text.loginVerification })).toBeVisible();
    await enterCode(page, await codeFor(request, email, loggedInAt));
    await page.getByTestId('code-submit').click();

    // A new merchant has no store yet: straight to creating one.
    await expect(page).toHaveURL(/\/create-market$/);
    await page.getByTestId('market-name').fill(storeName);
    await page.getByTestId('market-sector').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('create-market-submit').click();

    await expect(page).toHaveURL(/\/create-market-finish$/);
    await expect(page.getByText(storeName).first()).toBeVisible();
    await page.getByTestId('go-to-cp').click();

    await expect(page).toHaveURL(/\/cp\/home$/);
    await expect(page.getByTestId('cp-shell')).toBeVisible();
    await expect(page.getByTestId('cp-home-title')).toBeVisible();
    await expect(page.getByTestId('store-switcher')).toContainText(storeName);
    expect(await page.evaluate(() => localStorage.getItem('X-Store-Name'))).toBe(storeName);
    expect(await page.evaluate(() => localStorage.getItem('chooseMarket'))).toMatch(/^[0-9a-f-]{36}$/);

    // The session survives a reload (HttpOnly cookie), and the shell stays in the chosen language.
    await page.reload();
    await expect(page.getByTestId('cp-home-title')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  });

  test(`${language}: a wrong code is refused with the catalogue message and the right one still works`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    const email = uniqueEmail(`wrong-${language}`);
    await page.goto('/reg-via-email');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    const registeredAt = Date.now();
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/email-verification$/);

    const code = await codeFor(request, email, registeredAt);
    const wrong = code === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await page.getByTestId('code-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: text.codeIncorrect })).toBeVisible();
    await expect(page).toHaveURL(/\/email-verification$/);

    await enterCode(page, code);
    await page.getByTestId('code-submit').click();
    await expect(page).toHaveURL(/\/login\?email=/);

    // Registering the same address again: "User already exists".
    await page.goto('/reg-via-email');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('notice')).toContainText(text.userExists);
  });

  test(`${language}: a store name that is taken is refused at the field`, async ({ page, request }) => {
    await useLanguage(page, language);
    // The demo store exists on every fresh server.
    const email = uniqueEmail(`dup-${language}`);
    await page.goto('/reg-via-email');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    let since = Date.now();
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/email-verification$/);
    await enterCode(page, await codeFor(request, email, since));
    await page.getByTestId('code-submit').click();
    await expect(page).toHaveURL(/\/login\?email=/);
    await page.getByTestId('login-password').fill(PASSWORD);
    since = Date.now();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/login-verification$/);
    await enterCode(page, await codeFor(request, email, since));
    await page.getByTestId('code-submit').click();
    await expect(page).toHaveURL(/\/create-market$/);

    await page.getByTestId('market-name').fill('demo-store');
    await page.getByTestId('market-sector').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('create-market-submit').click();
    await expect(page.getByText(text.nameTaken).first()).toBeVisible();
    await expect(page).toHaveURL(/\/create-market$/);
  });
}

test('unknown paths show the not-found page with a 404 status', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Səhifə tapılmadı' })).toBeVisible();
});

test('the dark theme is kept in a cookie for 30 days and applies the page filter', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const filter = await page.evaluate(() => getComputedStyle(document.documentElement).filter);
  expect(filter).toContain('contrast(0.9)');
  expect(filter).toContain('sepia(0.1)');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme');
  expect(cookie?.value).toBe('dark');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30);
  // Rendered by the server from the cookie: no flash of the light theme after a reload.
  const response = await page.reload();
  expect(await response?.text()).toContain('data-theme="dark"');
});
