import { expect, test } from '@playwright/test';
import { useLanguage } from './support';

test('ru: the sign-in screen and its errors are in Russian, and the switch changes the language', async ({ page }) => {
  await useLanguage(page, 'ru');
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();

  // Empty form: the field messages of the catalogue, in Russian, before anything is sent.
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Заполните все поля').first()).toBeVisible();

  await page.getByTestId('login-email').fill('nobody@shop.az');
  await page.getByTestId('login-password').fill('Wrong-Pass-2026!');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('notice')).toContainText('Неверный e-mail или пароль');
  await expect(page.getByTestId('notice')).toHaveAttribute('data-type', 'error');

  // The stored preference changes with the switch and the page follows without a reload.
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('en');
});

test('the notice closes by itself after 2.5 s plus a 0.5 s fade, or at once with its button', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill('nobody@shop.az');
  await page.getByTestId('login-password').fill('Wrong-Pass-2026!');
  await page.getByTestId('login-submit').click();
  const notice = page.getByTestId('notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/notice--fading/, { timeout: 3_000 });
  await expect(notice).toBeHidden({ timeout: 1_500 });

  await page.getByTestId('login-submit').click();
  await expect(notice).toBeVisible();
  await notice.getByRole('button').click();
  await expect(notice).toBeHidden();
});

test('ru: the maintenance page', async ({ page }) => {
  await useLanguage(page, 'ru');
  await page.goto('/maintenance');
  await expect(page.getByTestId('maintenance')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Мы улучшаем платформу' })).toBeVisible();
});

test('signed out, the control panel sends you to sign in', async ({ page }) => {
  await page.goto('/cp/home');
  await expect(page).toHaveURL(/\/login$/);
});
