import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { messages, type SiteRequestReceipt } from '@shop/shared';
import { STAFF_MEMBER } from './accounts';
import { signInAs, signInAsDemo, uniqueTag, useLanguage } from './support';

// The staff's inbox (issue 17): a visitor asks the help centre a question (in Russian, a long one)
// and another writes through the contact page; one of the staff finds both in the inbox, narrows it
// by kind, reads the long question whole, answers by e-mail (the address opens a mail whose subject
// names the request) and marks it answered, so it leaves the new ones for the answered. A merchant
// who is not one of the staff finds the inbox closed, by the page and by the API.

const TEXT = {
  az: {
    title: 'Müraciətlər',
    help: 'Kömək sorğuları',
    contact: 'Əlaqə mesajları',
    helpKind: 'Kömək sorğusu',
    contactKind: 'Əlaqə mesajı',
    new: 'Yeni',
    answered: 'Cavablandırılıb',
    closed: 'Bağlanıb',
    topic: 'Ödənişlər və köçürmələr',
    russian: 'Rusca',
    own: 'Azərbaycanca',
    showAll: 'Mesajın hamısını göstər',
    markedAnswered: (n: number) => `#${n} müraciəti cavablandırılmış kimi qeyd edildi.`,
    markedClosed: (n: number) => `#${n} müraciəti bağlandı.`,
    markedNew: (n: number) => `#${n} müraciəti yenidən yeni kimi qeyd edildi.`,
    subject: 'Mağazamı necə bağlaya bilərəm?',
  },
  en: {
    title: 'Requests',
    help: 'Help requests',
    contact: 'Contact messages',
    helpKind: 'Help request',
    contactKind: 'Contact message',
    new: 'New',
    answered: 'Answered',
    closed: 'Closed',
    topic: 'Payments and payouts',
    russian: 'Russian',
    own: 'English',
    showAll: 'Show the whole message',
    markedAnswered: (n: number) => `Request #${n} is marked answered.`,
    markedClosed: (n: number) => `Request #${n} is closed.`,
    markedNew: (n: number) => `Request #${n} is new again.`,
    subject: 'How do I close my store?',
  },
} as const;

/** A visitor's request through the public API, sent from the site in `language`. */
async function send(
  request: APIRequestContext,
  path: string,
  language: string,
  data: Record<string, unknown>,
): Promise<SiteRequestReceipt> {
  const response = await request.post(`/api${path}`, { data, headers: { 'accept-language': language } });
  const body = await response.json();
  expect(response.status(), `${path}: ${JSON.stringify(body)}`).toBe(201);
  return body.data as SiteRequestReceipt;
}

/** The serious and critical violations axe finds on the page as it is now (as e2e/staff.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

/** The number on the navigation's badge of new requests. */
async function newOnBadge(page: Page): Promise<number> {
  return Number(await page.getByTestId('staff-nav-requests-new').textContent());
}

for (const language of ['az', 'en'] as const) {
  const text = TEXT[language];

  test(`${language}: the staff find a help request and a contact message in the inbox and mark the question answered`, async ({
    page,
    request,
  }) => {
    // A sign-in and a dozen list loads and writes.
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const asker = { name: `Олег ${tag}`, email: `oleg-${tag}@example.az`, phone: '+994 50 123 45 67' };
    const writer = { name: `Writer ${tag}`, email: `writer-${tag}@example.az` };
    // Long enough to open collapsed; its last line is below the fold.
    const question = [
      ...Array.from({ length: 11 }, (_, i) => `Строка ${i + 1}: выплата за прошлую неделю не пришла на карту.`),
      `Последняя строка ${tag}`,
    ].join('\n');
    // Whatever a visitor types is shown as typed, never read as markup.
    const note = `<b>Salam</b>, mağazanı bağlamaq istəyirəm.\nİkinci sətir ${tag}`;

    const help = await send(request, '/HelpRequest/create-help-request', 'ru', {
      ...asker,
      topic: 'payments',
      message: question,
    });
    const contact = await send(request, '/ContactRequest/create-contact-request', language, {
      ...writer,
      subject: text.subject,
      message: note,
    });
    expect(contact.number).toBeGreaterThan(help.number);

    await useLanguage(page, language);
    await signInAs(page, request, STAFF_MEMBER);
    const asked = page.getByTestId('staff-request').filter({ hasText: asker.name });
    const written = page.getByTestId('staff-request').filter({ hasText: writer.name });

    await test.step('the staff area leads to the inbox, whose badge counts the new requests', async () => {
      await page.goto('/staff/stores');
      await expect(page.getByTestId('staff-nav-requests-new')).toBeVisible();
      expect(await newOnBadge(page)).toBeGreaterThanOrEqual(2);
      await page.getByTestId('staff-nav-requests').click();
      await expect(page).toHaveURL(/\/staff\/requests$/);
      await expect(page).toHaveTitle(new RegExp(`^${text.title} · `));
      await expect(page.getByTestId('staff-requests-title')).toHaveText(text.title);
      await expect(page.getByTestId('staff-nav-requests')).toHaveAttribute('aria-current', 'page');
    });

    await test.step('both requests, newest first, with who sent them and how to answer', async () => {
      await expect(asked).toBeVisible();
      await expect(written).toBeVisible();
      const numbers = await page
        .getByTestId('staff-request')
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-number'))));
      expect(numbers.indexOf(contact.number)).toBeLessThan(numbers.indexOf(help.number));

      await expect(asked.getByTestId('staff-request-number')).toHaveText(`#${help.number}`);
      await expect(asked.getByTestId('staff-request-kind')).toHaveText(text.helpKind);
      await expect(asked.getByTestId('staff-request-status')).toHaveText(text.new);
      await expect(asked.getByTestId('staff-request-topic')).toHaveText(text.topic);
      await expect(asked.getByTestId('staff-request-language')).toHaveText(text.russian);
      await expect(asked.getByTestId('staff-request-date')).not.toBeEmpty();
      // The answer goes in the sender's language: the topic in the subject is in Russian.
      await expect(asked.getByTestId('staff-request-email')).toHaveAttribute(
        'href',
        `mailto:${asker.email}?subject=${encodeURIComponent(`Re: #${help.number} Платежи и выплаты`)}`,
      );
      await expect(asked.getByTestId('staff-request-phone')).toHaveAttribute('href', 'tel:+994501234567');

      await expect(written.getByTestId('staff-request-kind')).toHaveText(text.contactKind);
      await expect(written.getByTestId('staff-request-subject')).toHaveText(text.subject);
      await expect(written.getByTestId('staff-request-language')).toHaveText(text.own);
      await expect(written.getByTestId('staff-request-phone')).toHaveText('—');
      await expect(written.getByTestId('staff-request-email')).toHaveAttribute(
        'href',
        `mailto:${writer.email}?subject=${encodeURIComponent(`Re: #${contact.number} ${text.subject}`)}`,
      );
      const message = written.getByTestId('staff-request-message');
      await expect(message).toContainText('<b>Salam</b>, mağazanı bağlamaq istəyirəm.');
      await expect(message.locator('b')).toHaveCount(0);
      // Line breaks kept as the visitor typed them.
      expect(await message.evaluate((node) => (node as HTMLElement).innerText)).toBe(note);
      await expect(written.getByTestId('staff-request-more')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('filtered by kind, kept in the URL', async () => {
      await page.getByTestId('staff-requests-kind').getByText(text.help, { exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/requests\?kind=help$/);
      await expect(asked).toBeVisible();
      await expect(written).toHaveCount(0);
      await page.getByTestId('staff-requests-kind').getByText(text.contact, { exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/requests\?kind=contact$/);
      await expect(written).toBeVisible();
      await expect(asked).toHaveCount(0);
      await page.getByTestId('staff-requests-kind').getByText(text.help, { exact: true }).click();
      await expect(asked).toBeVisible();
    });

    await test.step('the long question opens collapsed and is read whole on request', async () => {
      const message = asked.getByTestId('staff-request-message');
      await expect(message).toContainText('Строка 1: выплата');
      await expect(message).not.toContainText(`Последняя строка ${tag}`);
      const more = asked.getByTestId('staff-request-more');
      await expect(more).toHaveText(text.showAll);
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(message).toContainText(`Последняя строка ${tag}`);
    });

    await test.step('marked answered: it leaves the new ones and shows among the answered', async () => {
      await page.getByTestId('staff-requests-status').getByText(text.new, { exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/requests\?kind=help&status=new$/);
      await expect(asked).toBeVisible();
      const before = await newOnBadge(page);
      await asked.getByTestId('staff-request-mark-answered').click();
      await expect(page.getByTestId('notice')).toContainText(text.markedAnswered(help.number));
      await expect(asked).toHaveCount(0);
      await expect(page.getByTestId('staff-nav-requests-new')).toHaveText(String(before - 1));

      await page.getByTestId('staff-requests-status').getByText(text.answered, { exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/requests\?kind=help&status=answered$/);
      await expect(asked.getByTestId('staff-request-status')).toHaveText(text.answered);
      await expect(asked.getByTestId('staff-request-mark-answered')).toHaveCount(0);
    });

    await test.step('closed, then new again', async () => {
      await asked.getByTestId('staff-request-mark-closed').click();
      await expect(page.getByTestId('notice')).toContainText(text.markedClosed(help.number));
      await expect(asked).toHaveCount(0);
      await page.goto('/staff/requests?kind=help&status=closed');
      await expect(asked.getByTestId('staff-request-status')).toHaveText(text.closed);
      await asked.getByTestId('staff-request-mark-new').click();
      await expect(page.getByTestId('notice')).toContainText(text.markedNew(help.number));
      await expect(asked).toHaveCount(0);
    });

    await test.step('a filter that holds nothing says so and leads back to everything', async () => {
      // Every other journey's requests are new or answered here; none was closed and left closed.
      await page.goto('/staff/requests?kind=contact&status=closed');
      const empty = page.getByTestId('staff-requests-no-match');
      await expect(empty).toBeVisible();
      await empty.getByRole('button').click();
      await expect(page).toHaveURL(/\/staff\/requests$/);
      await expect(asked.getByTestId('staff-request-status')).toHaveText(text.new);
      await expect(written).toBeVisible();
    });
  });
}

test('a merchant who is not one of the staff finds the inbox closed', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInAsDemo(page, request);
  await page.goto('/staff/requests');
  await expect(page.getByTestId('staff-only-title')).toHaveText(messages.FORBIDDEN.en);
  await expect(page.getByTestId('staff-nav')).toHaveCount(0);
  await expect(page.getByTestId('staff-requests-title')).toHaveCount(0);
  for (const response of [
    await page.request.get('/api/Staff/requests'),
    await page.request.put('/api/Staff/requests/11111111-1111-4111-8111-111111111111', { data: { status: 'closed' } }),
  ]) {
    expect(response.status()).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
  }
});
