import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ApplicationReceipt, messages, type StaffVacancy } from '@shop/shared';
import { STAFF_MEMBER } from './accounts';
import { apiData, merchantWithNewStore, signInAs, signInAsDemo, uniqueTag, useLanguage } from './support';

// The staff's careers screens (issue 17): one of the staff writes a vacancy, keeps it a draft (told
// what is missing first), publishes it and finds it listed; someone applies for it with a PDF; the
// staff member finds the application in the inbox (the navigation counts it), narrows the inbox to
// the vacancy, reads the letter as it was typed, downloads the CV and moves it to "interview". The
// vacancy cannot be deleted then: the dialog says to unpublish it instead. A draft nobody applied
// to is deleted; a merchant who is not one of the staff is kept out.

const TEXT = {
  az: {
    vacancies: 'Vakansiyalar',
    applications: 'İş müraciətləri',
    newVacancy: 'Yeni vakansiya',
    draft: 'Qaralama',
    published: 'Dərc olunub',
    savedDraft: 'qaralama kimi yadda saxlanıldı',
    savedPublished: 'müraciət üçün açıqdır',
    language: 'Azərbaycanca',
    received: 'Qəbul edilib',
    interview: 'Müsahibə',
    moved: (n: number) => `#${n} müraciəti: Müsahibə.`,
    position: (tag: string) => `Müştəri dəstəyi mütəxəssisi ${tag}`,
    hours: 'Tam ştat, 09:00–18:00',
    location: 'Bakı',
    description: 'Satıcıların suallarına çatda və telefonla cavab verəcəksiniz.',
  },
  en: {
    vacancies: 'Vacancies',
    applications: 'Job applications',
    newVacancy: 'New vacancy',
    draft: 'Draft',
    published: 'Published',
    savedDraft: 'is saved as a draft',
    savedPublished: 'is saved and open to applicants',
    language: 'English',
    received: 'Received',
    interview: 'Interview',
    moved: (n: number) => `Application #${n}: Interview.`,
    position: (tag: string) => `Customer support specialist ${tag}`,
    hours: 'Full time, 09:00–18:00',
    location: 'Baku',
    description: 'You will answer merchants’ questions in the chat and on the phone.',
  },
} as const;

const UUID = /\/staff\/vacancies\/([0-9a-f-]{36})$/;

/** A small real PDF: the server looks at the bytes, not at the name. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'),
  Buffer.alloc(30_000, 'x'),
  Buffer.from('\n%%EOF\n'),
]);

/** The serious and critical violations axe finds on the page as it is now (as e2e/staff.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/** A CV sent by the tus protocol as the application form's uploader does: creation, then the bytes. */
async function uploadCv(api: APIRequestContext, name: string, bytes: Buffer): Promise<string> {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await api.post('/api/Upload', {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `kind ${b64('cv')},filename ${b64(name)}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location as string;
  const patched = await api.patch(location, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  return location.split('/').pop() as string;
}

/** The number on the navigation's badge of applications nobody has looked at. */
async function receivedOnBadge(page: Page): Promise<number> {
  return Number(await page.getByTestId('staff-nav-applications-new').textContent());
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: the staff write a vacancy, publish it, and move an application for it to the interview`, async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    // A sign-in, a sign-up with an upload, and a dozen saves and page loads.
    test.setTimeout(150_000);
    const tag = uniqueTag();
    const position = text.position(tag);
    await useLanguage(page, language);
    await signInAs(page, request, STAFF_MEMBER);

    await test.step('the staff area leads to the vacancies and a new one', async () => {
      await page.goto('/staff/stores');
      await page.getByTestId('staff-nav-vacancies').click();
      await expect(page).toHaveURL(/\/staff\/vacancies$/);
      await expect(page).toHaveTitle(new RegExp(`^${text.vacancies} · `));
      await expect(page.getByTestId('staff-vacancies-title')).toHaveText(text.vacancies);
      await expect(page.getByTestId('staff-nav-vacancies')).toHaveAttribute('aria-current', 'page');
      await page.getByTestId('staff-vacancy-new').click();
      await expect(page).toHaveURL(/\/staff\/vacancies\/new$/);
      await expect(page.getByTestId('vacancy-form-title')).toHaveText(text.newVacancy);
      await expect(page.getByTestId('vacancy-language')).toHaveValue(language);
      await expect(page.getByTestId('vacancy-published')).not.toBeChecked();
    });

    await test.step('an empty vacancy is refused at its fields', async () => {
      await page.getByTestId('vacancy-save').click();
      await expect(page.getByTestId('vacancy-form')).toContainText(messages.required[language]);
      await expect(page.getByTestId('vacancy-position')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/staff\/vacancies\/new$/);
    });

    let id = '';
    await test.step('saved as a draft: the editor opens it, the list shows it without a posted date', async () => {
      await page.getByTestId('vacancy-position').fill(position);
      await page.getByTestId('vacancy-hours').fill(text.hours);
      await page.getByTestId('vacancy-location').fill(text.location);
      await page.getByTestId('vacancy-description').click();
      await page.keyboard.type(text.description);
      await expect(page.getByTestId('vacancy-position')).not.toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('vacancy-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.savedDraft);
      await expect(page).toHaveURL(UUID);
      id = UUID.exec(new URL(page.url()).pathname)?.[1] as string;
      await expect(page.getByTestId('vacancy-form-title')).toHaveText(position);
      await expect(page.getByTestId('staff-vacancy-status')).toHaveText(text.draft);
      await expect(page.getByTestId('vacancy-view')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('vacancy-back').click();
      await expect(page).toHaveURL(/\/staff\/vacancies$/);
      const row = page.getByTestId('staff-vacancy-row').filter({ hasText: position });
      await expect(row.getByTestId('staff-vacancy-status')).toHaveText(text.draft);
      await expect(row.getByTestId('staff-vacancy-language')).toHaveText(text.language);
      await expect(row.getByTestId('staff-vacancy-hours')).toHaveText(text.hours);
      await expect(row.getByTestId('staff-vacancy-posted')).toHaveText('—');
      await expect(row.getByTestId('staff-vacancy-applications')).toHaveText('0');
      // Nobody outside finds a draft.
      expect((await page.request.get(`/api/Vacancy/${id}`)).status()).toBe(404);
    });

    await test.step('published: listed with its posted date, open to applicants', async () => {
      await page
        .getByTestId('staff-vacancy-row')
        .filter({ hasText: position })
        .getByTestId('staff-vacancy-link')
        .click();
      await expect(page).toHaveURL(new RegExp(`/staff/vacancies/${id}$`));
      await page.getByTestId('vacancy-published').check();
      await page.getByTestId('vacancy-save').click();
      await expect(page.getByTestId('notice')).toContainText(text.savedPublished);
      await expect(page.getByTestId('staff-vacancy-status')).toHaveText(text.published);
      await expect(page.getByTestId('vacancy-view')).toHaveAttribute('href', `/apply/${id}`);

      await page.getByTestId('vacancy-back').click();
      const row = page.getByTestId('staff-vacancy-row').filter({ hasText: position });
      await expect(row.getByTestId('staff-vacancy-status')).toHaveText(text.published);
      await expect(row.getByTestId('staff-vacancy-posted')).not.toHaveText('—');
      const open = await apiData<StaffVacancy>(page.request, 'GET', `/Vacancy/${id}`);
      expect(open.position).toBe(position);
      expect(open.description).toContain(text.description);
      expect(await seriousViolations(page)).toEqual([]);
    });

    // Someone with an account of their own applies for it, with a PDF.
    const applicant = { name: `Aysel ${tag}`, surname: 'Məmmədova', phone: '+994 50 123 45 67' };
    const letter = [
      `<b>Salam</b>, mən ${applicant.name}.`,
      'Beş il müştəri dəstəyində işləmişəm və satıcılara kömək etməyi sevirəm.',
      ...Array.from(
        { length: 6 },
        (_, i) => `Sətir ${i + 1}: çatda, telefonla və e-poçtla gündə yüzlərlə sual cavablandırmışam.`,
      ),
    ].join('\n');
    const cvName = `cv-${tag}.pdf`;
    let receipt: ApplicationReceipt = { id: '', number: 0 };
    let email = '';
    await test.step('an application arrives through the API', async () => {
      const api = await playwright.request.newContext({ baseURL });
      await merchantWithNewStore(api, request, `applicant-${language}`);
      email = (await apiData<{ email: string }>(api, 'GET', '/User/get-user')).email;
      const cvUploadId = await uploadCv(api, cvName, PDF);
      const response = await api.post('/api/Career', {
        headers: { 'accept-language': language },
        data: {
          vacancyId: id,
          name: applicant.name,
          surname: applicant.surname,
          email,
          phoneNumber: applicant.phone,
          motivationLetter: letter,
          cvUploadId,
        },
      });
      const body = await response.json();
      expect(response.status(), JSON.stringify(body)).toBe(201);
      receipt = body.data as ApplicationReceipt;
      await api.dispose();
    });

    const item = page.getByTestId('staff-application').filter({ hasText: applicant.name });
    await test.step('the list counts it and leads to the inbox narrowed to the vacancy', async () => {
      await page.goto('/staff/vacancies');
      const row = page.getByTestId('staff-vacancy-row').filter({ hasText: position });
      await expect(row.getByTestId('staff-vacancy-applications')).toHaveText('1');
      await expect(page.getByTestId('staff-nav-applications-new')).toBeVisible();
      expect(await receivedOnBadge(page)).toBeGreaterThanOrEqual(1);
      await row.getByTestId('staff-vacancy-applications').click();
      await expect(page).toHaveURL(new RegExp(`/staff/applications\\?vacancy=${id}$`));
      await expect(page).toHaveTitle(new RegExp(`^${text.applications} · `));
      await expect(page.getByTestId('staff-applications-title')).toHaveText(text.applications);
      await expect(page.getByTestId('staff-nav-applications')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('staff-applications-vacancy')).toHaveValue(id);
      await expect(page.getByTestId('staff-application')).toHaveCount(1);
    });

    await test.step('who applied, for what, and how to reach them', async () => {
      await expect(item.getByTestId('staff-application-number')).toHaveText(`#${receipt.number}`);
      await expect(item.getByTestId('staff-application-name')).toHaveText(`${applicant.name} ${applicant.surname}`);
      await expect(item.getByTestId('staff-application-position')).toHaveText(position);
      await expect(item.getByTestId('staff-application-status')).toHaveText(text.received);
      await expect(item.getByTestId('staff-application-status-select')).toHaveValue('received');
      await expect(item.getByTestId('staff-application-date')).not.toBeEmpty();
      await expect(item.getByTestId('staff-application-email')).toHaveText(email);
      await expect(item.getByTestId('staff-application-email')).toHaveAttribute(
        'href',
        `mailto:${email}?subject=${encodeURIComponent(`Re: #${receipt.number} ${position}`)}`,
      );
      await expect(item.getByTestId('staff-application-phone')).toHaveAttribute('href', 'tel:+994501234567');
      // The letter waits until it is asked for.
      await expect(item.getByTestId('staff-application-letter')).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('the letter as it was typed, never as markup, and the CV downloads', async () => {
      const more = item.getByTestId('staff-application-more');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const shown = item.getByTestId('staff-application-letter');
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(`<b>Salam</b>, mən ${applicant.name}.`);
      await expect(shown.locator('b')).toHaveCount(0);
      expect(await shown.evaluate((node) => (node as HTMLElement).innerText)).toBe(letter);

      const cv = item.getByTestId('staff-application-cv');
      await expect(cv).toBeVisible();
      await expect(item.getByTestId('staff-application-cv-name')).toContainText(cvName);
      await expect(item.getByTestId('staff-application-cv-name')).toContainText('KB');
      const href = (await cv.getAttribute('href')) as string;
      expect(href).toBe(`/api/Staff/applications/${receipt.id}/cv`);
      const file = await page.request.get(href);
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.headers()['content-disposition']).toContain(cvName);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('moved to the interview at once: the status, the badge and the filter follow', async () => {
      const before = await receivedOnBadge(page);
      await item.getByTestId('staff-application-status-select').selectOption('interview');
      await expect(page.getByTestId('notice')).toContainText(text.moved(receipt.number));
      await expect(item.getByTestId('staff-application-status')).toHaveText(text.interview);
      await expect(item.getByTestId('staff-application-status-select')).toHaveValue('interview');
      if (before > 1) await expect(page.getByTestId('staff-nav-applications-new')).toHaveText(String(before - 1));
      else await expect(page.getByTestId('staff-nav-applications-new')).toHaveCount(0);

      await page.getByTestId('staff-applications-status').getByText(text.received, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/applications\\?vacancy=${id}&status=received$`));
      await expect(page.getByTestId('staff-applications-no-match')).toBeVisible();
      await page.getByTestId('staff-applications-status').getByText(text.interview, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/applications\\?vacancy=${id}&status=interview$`));
      await expect(item.getByTestId('staff-application-status')).toHaveText(text.interview);
      // Saved, not just shown: the server says the same.
      const saved = await apiData<{ items: { id: string; status: string }[] }>(
        page.request,
        'GET',
        `/Staff/applications?vacancyId=${id}`,
      );
      expect(saved.items.find((a) => a.id === receipt.id)?.status).toBe('interview');
    });

    await test.step('a vacancy someone applied to is not deleted: the dialog says to unpublish it', async () => {
      await item.getByTestId('staff-application-position').click();
      await expect(page).toHaveURL(new RegExp(`/staff/vacancies/${id}$`));
      await page.getByTestId('vacancy-delete').click();
      await expect(page.getByTestId('confirm-delete')).toContainText(position);
      await page.getByTestId('confirm-delete-confirm').click();
      await expect(page.getByTestId('confirm-delete-error')).toHaveText(messages.VACANCY_HAS_APPLICATIONS[language]);
      await page.getByTestId('confirm-delete-cancel').click();
      expect((await page.request.get(`/api/Staff/vacancies/${id}`)).status()).toBe(200);
    });
  });
}

test('en: a draft nobody applied to is deleted after a confirmation', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInAs(page, request, STAFF_MEMBER);
  const position = `Bookkeeper ${uniqueTag()}`;
  const draft = await apiData<StaffVacancy>(page.request, 'POST', '/Staff/vacancies', {
    language: 'en',
    position,
    workHours: 'Part time, 20 hours a week',
    location: null,
    description: '<p>Keep the platform’s books.</p>',
    published: false,
  });
  await page.goto(`/staff/vacancies/${draft.id}`);
  await expect(page.getByTestId('vacancy-form-title')).toHaveText(position);
  await page.getByTestId('vacancy-delete').click();
  await expect(page.getByTestId('confirm-delete')).toContainText(`The draft “${position}” will be deleted for good.`);
  await page.getByTestId('confirm-delete-confirm').click();
  await expect(page.getByTestId('notice')).toContainText(`“${position}” is deleted.`);
  await expect(page).toHaveURL(/\/staff\/vacancies$/);
  await expect(page.getByTestId('staff-vacancies-title')).toBeVisible();
  await expect(page.getByText(position)).toHaveCount(0);
  expect((await page.request.get(`/api/Staff/vacancies/${draft.id}`)).status()).toBe(404);
});

test('a merchant who is not one of the staff finds the careers screens closed', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInAsDemo(page, request);
  for (const path of ['/staff/vacancies', '/staff/applications']) {
    await page.goto(path);
    await expect(page.getByTestId('staff-only-title')).toHaveText(messages.FORBIDDEN.en);
    await expect(page.getByTestId('staff-nav')).toHaveCount(0);
  }
  for (const response of [
    await page.request.get('/api/Staff/vacancies'),
    await page.request.get('/api/Staff/applications'),
    await page.request.put('/api/Staff/applications/11111111-1111-4111-8111-111111111111', {
      data: { status: 'interview' },
    }),
  ]) {
    expect(response.status()).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
  }
});
