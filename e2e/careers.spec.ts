import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { StaffVacancy } from '@shop/shared';
import { STAFF_MEMBER } from './accounts';
import { apiData, codeFor, enterCode, PASSWORD, signInApi, uniqueEmail, uniqueTag, useLanguage } from './support';

// Careers (issue 17): one of the staff publishes a vacancy; a visitor finds it on /apply, is asked
// to sign in (applicants need a personal profile), signs in and comes back to it, fills step 1
// (told what is missing), writes the letter with the counter running (told it is too short),
// picks a file that is not a CV (told at once), then a PDF that uploads with its progress, checks
// the confirmation and sends it; the success page names its number, and /apply shows its status.

const TEXT = {
  az: {
    signIn: 'Müraciət üçün daxil olun',
    missing: 'Ad, soyad, e-poçt və telefon nömrəsi tələb olunur',
    short: 'Motivasiya məktubu ən azı 400 simvol olmalıdır',
    wrongType: 'Yalnız PDF və ya DOCX faylları qəbul olunur',
    counter: (n: number) => `${n} / 2500 simvol`,
    confirm: 'Müraciət göndərilsin?',
    received: 'Qəbul edilib',
    step2: 'Addım 2 / 2',
  },
  en: {
    signIn: 'Sign in to apply',
    missing: 'Name, Surname, Email and Phone number required',
    short: 'The motivation letter must be at least 400 characters',
    wrongType: 'Only PDF or DOCX files are allowed',
    counter: (n: number) => `${n} / 2500 characters`,
    confirm: 'Send your application?',
    received: 'Received',
    step2: 'Step 2 of 2',
  },
} as const;

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'),
  Buffer.alloc(3 * 1024 * 1024, 'x'),
  Buffer.from('\n%%EOF\n'),
]);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

for (const language of ['az', 'en'] as const) {
  test(`${language}: a visitor signs in, applies for a vacancy in two steps with a PDF and follows its status`, async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const tag = uniqueTag();
    const position = language === 'az' ? `Frontend mühəndisi ${tag}` : `Frontend engineer ${tag}`;

    // The staff publish the vacancy; the applicant has an account (registered and confirmed).
    const staff = await playwright.request.newContext({ baseURL });
    await signInApi(staff, request, STAFF_MEMBER);
    const vacancy = await apiData<StaffVacancy>(staff, 'POST', '/Staff/vacancies', {
      language,
      position,
      workHours: language === 'az' ? 'Tam ştat, 09:00–18:00' : 'Full time, 09:00–18:00',
      location: language === 'az' ? 'Bakı' : 'Baku',
      description: '<h2>What you will do</h2><p>Build the storefront merchants sell on.</p>',
      published: true,
    });
    await staff.dispose();
    const email = uniqueEmail(`applicant-${language}`);
    const since = Date.now();
    await apiData(request, 'POST', '/User/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    await apiData(request, 'POST', '/User/confirm-email', { email, code: await codeFor(request, email, since) });

    await useLanguage(page, language);

    await test.step('the vacancy is listed with its hours and posted date; opening it asks to sign in', async () => {
      await page.goto('/apply');
      const card = page.getByTestId('vacancies').locator('li', { hasText: position });
      await expect(card).toContainText(language === 'az' ? 'Tam ştat, 09:00–18:00' : 'Full time, 09:00–18:00');
      await expect(card.locator('time')).toBeVisible();
      await card.getByRole('link', { name: position }).click();
      await expect(page).toHaveURL(new RegExp(`/apply/${vacancy.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(position);
      await expect(page.getByTestId('sign-in-to-apply')).toContainText(text.signIn);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('signing in comes back to the vacancy', async () => {
      await page.getByTestId('sign-in-to-apply').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(PASSWORD);
      const at = Date.now();
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/\/login-verification$/);
      await enterCode(page, await codeFor(request, email, at));
      await page.getByTestId('code-submit').click();
      await expect(page).toHaveURL(new RegExp(`/apply/${vacancy.id}$`));
    });

    await test.step('step 1 names what is missing, then goes on to the letter', async () => {
      const step = page.getByTestId('application-step-1');
      await expect(step.getByLabel(language === 'az' ? 'E-poçt' : 'Email')).toHaveValue(email);
      await step.getByRole('button').click();
      await expect(page.getByTestId('applicant-missing')).toHaveText(text.missing);
      await step.getByLabel(language === 'az' ? 'Ad' : 'Name', { exact: true }).fill('Aysel');
      await step.getByLabel(language === 'az' ? 'Soyad' : 'Surname').fill('Məmmədova');
      await step.getByLabel(language === 'az' ? 'Telefon nömrəsi' : 'Phone number').fill('+994 50 123 45 67');
      await step.getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`/apply/${vacancy.id}/motivation-letter$`));
      await expect(page.getByTestId('application-step')).toHaveText(text.step2);
    });

    await test.step('the counter counts the letter; too short is refused; a file that is not a CV is refused at once', async () => {
      const letter = page.locator('#application-letter');
      await letter.fill('a'.repeat(399));
      await expect(page.getByTestId('letter-counter')).toContainText(text.counter(399));
      await page
        .locator('#application-cv')
        .setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words') });
      await expect(page.getByTestId('cv-error')).toHaveText(text.wrongType);
      await page
        .getByTestId('application-step-2')
        .getByRole('button', { name: language === 'az' ? 'Müraciəti göndər' : 'Send application' })
        .click();
      await expect(page.getByTestId('letter-error')).toHaveText(text.short);
      await expect(page.getByTestId('confirm-application')).toBeHidden();
    });

    await test.step('a PDF uploads with its progress; the letter reaches 400; the confirmation shows what is sent', async () => {
      await page
        .locator('#application-cv')
        .setInputFiles({ name: 'Aysel CV.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('cv-state')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expect(page.getByTestId('cv-state')).toContainText('Aysel CV.pdf');
      const letter = `${'Mən sizin komandanızda işləmək istəyirəm. '.repeat(12)}Təşəkkürlər.`;
      await page.locator('#application-letter').fill(letter);
      await expect(page.getByTestId('letter-counter')).toHaveAttribute('data-state', 'ok');
      await page
        .getByTestId('application-step-2')
        .getByRole('button', { name: language === 'az' ? 'Müraciəti göndər' : 'Send application' })
        .click();
      const dialog = page.getByTestId('confirm-application');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(text.confirm);
      await expect(dialog).toContainText(position);
      await expect(dialog).toContainText('Aysel CV.pdf');
      await dialog.getByRole('button', { name: language === 'az' ? 'Redaktəyə qayıt' : 'Back to editing' }).click();
      await expect(dialog).toBeHidden();
      await page
        .getByTestId('application-step-2')
        .getByRole('button', { name: language === 'az' ? 'Müraciəti göndər' : 'Send application' })
        .click();
      await dialog.getByRole('button', { name: language === 'az' ? 'Göndər' : 'Send', exact: true }).click();
      await expect(page).toHaveURL(/\/success-page\?kind=career&number=\d+#sent$/);
      await expect(page.getByTestId('success-text')).toBeVisible();
    });

    await test.step('the careers page shows the application and its status; the vacancy says it was applied for', async () => {
      await page.goto('/apply');
      const mine = page.getByTestId('my-applications').locator('li', { hasText: position });
      await expect(mine.getByTestId('application-status')).toHaveText(text.received);
      await page.goto(`/apply/${vacancy.id}`);
      await expect(page.getByTestId('already-applied')).toContainText(text.received);
    });

    await test.step('signing in another day leads an applicant without a store to their applications', async () => {
      await page.context().clearCookies();
      await useLanguage(page, language);
      await page.goto('/login');
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(PASSWORD);
      const at = Date.now();
      await page.getByTestId('login-submit').click();
      await enterCode(page, await codeFor(request, email, at));
      await page.getByTestId('code-submit').click();
      await expect(page).toHaveURL(/\/apply$/);
      await expect(page.getByTestId('my-applications')).toContainText(position);
    });
  });
}
