import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { formatMoney, messages, type StaffLedger } from '@shop/shared';
import { ADJUSTED_MERCHANT, STAFF_MEMBER } from './accounts';
import { apiData, mailsTo, signInAs, signInAsDemo, uniqueTag, useLanguage } from './support';

// The staff area (issue 17): one of the platform's staff (STAFF_EMAILS) opens it from the account
// menu, finds a store, is refused a reason too short to tell its owner anything, adds a credit
// after a dialog that repeats what will happen, and sees it on top of the store's adjustments and
// in its available balance; the owner is e-mailed the reason. An ordinary merchant who opens the
// area is told it is the staff's alone.

const TEXT = {
  az: {
    stores: 'Mağazalar',
    reason: 'Səhvən tutulmuş komissiya qaytarılır',
    done: 'düzəliş əlavə edildi',
  },
  en: {
    stores: 'Stores',
    reason: 'Card fee charged twice is given back',
    done: 'Adjustment of',
  },
} as const;

/** The serious and critical violations axe finds on the page as it is now (as e2e/accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];
  const money = (minor: number) => formatMoney(minor, language);

  test(`${language}: a staff member credits a store’s balance with a reason its owner is e-mailed; a merchant is kept out`, async ({
    page,
    request,
  }) => {
    // Two sign-ins and two accessibility analyses: over a minute on a busy machine.
    test.setTimeout(120_000);
    await useLanguage(page, language);
    await signInAs(page, request, STAFF_MEMBER);

    await test.step('the account menu leads to the staff area, whose list has no accessibility violation', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('staff-area-link').click();
      await expect(page).toHaveURL(/\/staff\/stores$/);
      await expect(page.getByTestId('staff-stores-title')).toHaveText(text.stores);
      await expect(page.getByTestId('staff-store-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('the search finds the store by its name; its row opens its page', async () => {
      await page.getByTestId('staff-store-search').fill(ADJUSTED_MERCHANT.store);
      await expect(page).toHaveURL(new RegExp(`search=${ADJUSTED_MERCHANT.store}`));
      const rows = page.getByTestId('staff-store-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(ADJUSTED_MERCHANT.email);
      await rows.first().getByTestId('staff-store-link').click();
      await expect(page).toHaveURL(/\/staff\/stores\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('staff-store-name')).toHaveText(ADJUSTED_MERCHANT.store);
      await expect(page.getByTestId('staff-store-owner')).toContainText(ADJUSTED_MERCHANT.email);
    });

    const marketId = page.url().split('/').pop() as string;
    // The other language's run may have credited the store already.
    const before = (await apiData<StaffLedger>(page.request, 'GET', `/Staff/markets/${marketId}/adjustments`)).balance
      .available;
    await expect(page.getByTestId('balance-available-amount')).toHaveText(money(before));
    expect(await seriousViolations(page)).toEqual([]);

    await test.step('a reason too short to tell the owner anything is refused at its field', async () => {
      await page.getByTestId('adjustment-amount').fill('12.50');
      await page.getByTestId('adjustment-reason').fill('Too short');
      await page.getByTestId('adjustment-review').click();
      await expect(page.getByTestId('adjustment-form')).toContainText(messages.adjustmentReasonTooShort[language]);
      await expect(page.getByTestId('adjustment-dialog-confirm')).toBeHidden();
    });

    const reason = `${text.reason} (${uniqueTag()})`;
    await test.step('a credit of 12.50 ₼, confirmed, tops the list and the available balance', async () => {
      await page.getByTestId('adjustment-reason').fill(reason);
      await expect(page.getByTestId('adjustment-reason-count')).toContainText(`${reason.length}/500`);
      await page.getByTestId('adjustment-review').click();
      const dialog = page.getByTestId('adjustment-dialog');
      await expect(page.getByTestId('adjustment-dialog-store')).toHaveText(ADJUSTED_MERCHANT.store);
      await expect(page.getByTestId('adjustment-dialog-amount')).toContainText(`+${money(1250)}`);
      await expect(page.getByTestId('adjustment-dialog-reason')).toHaveText(reason);
      await expect(dialog).toContainText(ADJUSTED_MERCHANT.email);
      await page.getByTestId('adjustment-dialog-confirm').click();
      await expect(page.getByTestId('notice')).toContainText(text.done);
      await expect(page.getByTestId('adjustment-dialog-confirm')).toBeHidden();

      const first = page.getByTestId('adjustment-row').first();
      await expect(first.getByTestId('adjustment-row-reason')).toHaveText(reason);
      await expect(first.getByTestId('adjustment-row-amount')).toHaveText(`+${money(1250)}`);
      await expect(first).toHaveAttribute('data-kind', 'credit');
      await expect(first).toContainText(STAFF_MEMBER.email);
      await expect(page.getByTestId('balance-available-amount')).toHaveText(money(before + 1250));
      // The form starts afresh for the next adjustment.
      await expect(page.getByTestId('adjustment-amount')).toHaveValue('');
      await expect(page.getByTestId('adjustment-reason')).toHaveValue('');
    });

    await test.step('the owner is e-mailed the amount and the reason', async () => {
      await expect
        .poll(async () => (await mailsTo(request, ADJUSTED_MERCHANT.email)).find((m) => m.text.includes(reason)))
        .toMatchObject({ subject: expect.stringContaining(ADJUSTED_MERCHANT.store) });
      const mail = (await mailsTo(request, ADJUSTED_MERCHANT.email)).find((m) => m.text.includes(reason));
      // The owner's language (Azerbaijani, the default), whoever made the adjustment.
      expect(mail?.text).toContain(formatMoney(1250, 'az'));
    });

    await test.step('a merchant who is not one of the staff finds no way in, and is told whose area it is', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page).toHaveURL(/\/login$/);
      await signInAsDemo(page, request);
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('staff-area-link')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.goto('/staff');
      await expect(page.getByTestId('staff-only-title')).toHaveText(messages.FORBIDDEN[language]);
      await expect(page.getByTestId('staff-store-row')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('staff-only-back').click();
      await expect(page).toHaveURL(/\/cp\/home$/);
    });
  });
}
