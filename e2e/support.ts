import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'Journey-Pass-2026!';

let counter = 0;
export function uniqueEmail(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@shop.az`;
}

export function uniqueStoreName(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}`;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest code mailed to `email` after `since`, read from the dev mailbox (the outbox). */
export async function codeFor(request: APIRequestContext, email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/Dev/mailbox');
        const mails = ((await response.json()) as { data: Mail[] }).data;
        const mail = mails.find((m) => m.to === email && new Date(m.createdAt).getTime() >= since - 1000);
        code = mail?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** Types a code into the six boxes (the first box takes focus and moves along). */
export async function enterCode(page: Page, code: string) {
  const boxes = page.getByTestId('code-input').locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
}

/** The stored language preference (cookie), as the language switch would set it. */
export async function useLanguage(page: Page, language: 'az' | 'en' | 'ru') {
  await page.context().addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }]);
}
