import { expect, test } from '@playwright/test';
import { useLanguage } from './support';

// The server answering garbage is the one failure a shopper or merchant can meet without a bug
// of ours; it is simulated at the network edge, the page itself is the real one.
test('an unhandled error shows the full-screen fallback, counts down 5 s and reloads the page', async ({ page }) => {
  await useLanguage(page, 'en');
  let calls = 0;
  await page.route(/\/api\/(User\/get-user|Market\/get-all-store)$/, (route) => {
    calls += 1;
    return route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
  });
  await page.goto('/cp/home');
  await expect(page.getByRole('heading', { name: 'Ooops! Something went wrong' })).toBeVisible();
  await expect(page.getByText('The page will automatically reopen in 5 seconds')).toBeVisible();
  await expect(page.getByText('The page will automatically reopen in 3 seconds')).toBeVisible();
  const reloaded = page.waitForEvent('load', { timeout: 7_000 });
  await expect(page.getByText('The page will automatically reopen in 1 second')).toBeVisible();
  await reloaded;
  // After the reload the page asked again, and (still failing) shows the fallback again.
  await expect(page.getByRole('heading', { name: 'Ooops! Something went wrong' })).toBeVisible();
  expect(calls).toBeGreaterThanOrEqual(4);
});

test('az: the fallback speaks Azerbaijani', async ({ page }) => {
  await useLanguage(page, 'az');
  await page.route(/\/api\/(User\/get-user|Market\/get-all-store)$/, (route) =>
    route.fulfill({ status: 500, body: 'x' }),
  );
  await page.goto('/cp/home');
  await expect(page.getByRole('heading', { name: 'Nəsə səhv getdi' })).toBeVisible();
  await expect(page.getByText('Səhifə 5 saniyədən sonra avtomatik yenidən açılacaq')).toBeVisible();
});
