import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PAYOUT_MERCHANT } from './accounts';
import { signInAs, useLanguage } from './support';

// The seeded merchant's history (scripts/e2e-seed.ts), in qəpik: orders of 30.00, 50.00 and 70.00
// with 5.00 delivery; the card fee is 3.5 % rounded + 0.20 (143, 213 and 283); the first order was
// refunded 10.00 before it settled. First Wednesday: 3500 − 1000 − 143 + 5500 − 213 = 7644, paid.
// Second: 7500 − 283 = 7217, on its way.
const TEXT = {
  en: {
    paid: 'Paid',
    pending: 'Pending',
    first: 'AZN 76.44',
    second: 'AZN 72.17',
    title: 'Payout of AZN 76.44',
    sales: 'AZN 90.00',
    refunds: '-AZN 10.00',
    fees: '-AZN 3.56',
    events: ['Made', 'Sent to the bank', 'Arrived'],
    noneMatching: 'No payouts match these filters.',
  },
  az: {
    paid: 'Ödənilib',
    pending: 'Gözləmədə',
    first: '76,44 ₼',
    second: '72,17 ₼',
    title: '76,44 ₼ məbləğində ödəniş',
    sales: '90,00 ₼',
    refunds: '-10,00 ₼',
    fees: '-3,56 ₼',
    events: ['Yaradılıb', 'Banka göndərilib', 'Hesaba daxil olub'],
    noneMatching: 'Bu filtrlərə uyğun ödəniş yoxdur.',
  },
} as const;

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: after the settlement the merchant finds the payouts, filters them, opens one whose lines add up, and exports both`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await signInAs(page, request, PAYOUT_MERCHANT);
    await page.goto('/cp/balance-payout');
    const rows = page.getByTestId('payout-row');

    await test.step('both payouts are listed, newest first, with their status', async () => {
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(text.second);
      await expect(rows.nth(0)).toContainText(text.pending);
      await expect(rows.nth(1)).toContainText(text.first);
      await expect(rows.nth(1)).toContainText(text.paid);
      await expect(page.getByTestId('balance-paidOut-amount')).toHaveText(text.first);
      await expect(page.getByTestId('balance-inTransit-amount')).toHaveText(text.second);
    });

    await test.step('filters by amount and status narrow the list', async () => {
      await page.getByTestId('payout-min-amount').fill('75');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(text.first);
      await page.getByTestId('payout-min-amount').fill('');
      await expect(rows).toHaveCount(2);
      await page.getByTestId('payout-max-amount').fill('10');
      await expect(page.getByTestId('payouts-empty')).toHaveText(text.noneMatching);
      await page.getByTestId('payout-max-amount').fill('');
      await page.getByTestId('payout-status-filter').getByText(text.paid, { exact: true }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-status', 'paid');
    });

    await test.step('the list exports as XLSX with the filters applied', async () => {
      await page.getByTestId('payout-export').click();
      const download = page.waitForEvent('download');
      await page.getByTestId('payout-export-xlsx').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-payouts\.xlsx$/);
      const bytes = await fs.readFile(await file.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a workbook is a zip
    });

    await test.step('the paid payout: totals that add up, its history, and each order it settled', async () => {
      await rows.first().getByTestId('payout-link').click();
      await expect(page).toHaveURL(/\/cp\/payout-details\/[\w-]+\/[\w-]+$/);
      await expect(page.getByTestId('payout-title')).toHaveText(text.title);
      await expect(page.getByTestId('payout-status')).toHaveText(text.paid);
      const totals = page.getByTestId('payout-totals');
      await expect(totals.locator('[data-total="gross"]')).toContainText(text.sales);
      await expect(totals.locator('[data-total="refunds"]')).toContainText(text.refunds);
      await expect(totals.locator('[data-total="fees"]')).toContainText(text.fees);
      await expect(totals.locator('[data-total="net"]')).toContainText(text.first);
      for (const event of text.events) await expect(page.getByTestId('payout-history')).toContainText(event);
      const lines = page.getByTestId('payout-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toHaveAttribute('data-kind', 'order');
      await expect(lines.nth(0)).toContainText(text.refunds);
    });

    await test.step('its lines export as CSV: one row per order, amounts that sum to the payout', async () => {
      await page.getByTestId('payout-lines-export').click();
      const download = page.waitForEvent('download');
      await page.getByTestId('payout-lines-export-csv').click();
      const csv = (await fs.readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '').trim();
      const [header, ...lines] = csv.split('\n');
      const columns = header!.split(',');
      expect(columns).toEqual([
        'line',
        'date',
        'order',
        'paid_at',
        'gross_sales',
        'refunds',
        'fees',
        'net_amount',
        'note',
      ]);
      expect(lines).toHaveLength(2);
      const net = lines.map((line) => Number(line.split(',')[columns.indexOf('net_amount')]));
      expect(net.reduce((sum, amount) => sum + Math.round(amount * 100), 0)).toBe(7644);
    });

    await test.step('the way back leads to the list', async () => {
      await page.getByTestId('payout-back').click();
      await expect(page).toHaveURL(/\/cp\/balance-payout$/);
    });
  });
}
