import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiData, DEMO, signInAsDemo, useLanguage } from './support';

// A store's policies (SPEC §2 cp/policies, §3 Policy; issue 15). What a merchant reads, per
// language (locales/*/policies.json, the templates of packages/shared/src/policy-templates.ts and
// the messages of packages/shared/src/messages.ts).
const TEXT = {
  az: {
    settingsTab: 'Siyasətlər',
    title: 'Siyasətlər',
    shown: 'Mağazada görünür',
    hidden: 'Görünmür',
    unsaved: 'Yadda saxlanılmayıb',
    lastSaved: 'Son dəfə yadda saxlanılıb',
    startTemplate: 'Şablondan doldur',
    replaceTemplate: 'Şablonla əvəz et',
    // The template is taken in the panel's language.
    templateLanguage: 'az',
    templateTitle: 'Qaytarma və geri ödəniş siyasəti',
    sentence: 'Məhsulu 30 gün ərzində heç bir səbəb göstərmədən qaytara bilərsiniz.',
    saved: (name: string) => `«${name}» yadda saxlanıldı və mağazanızda görünür`,
    savedHidden: (name: string) => `«${name}» yadda saxlanıldı. Mətni olmadığı üçün mağazanızda görünmür`,
    returns: 'Qaytarma və geri ödəniş siyasəti',
    shipping: 'Çatdırılma siyasəti',
    titleRequired: 'Siyasətə başlıq verin',
  },
  en: {
    settingsTab: 'Policies',
    title: 'Policies',
    shown: 'Shown on your store',
    hidden: 'Not shown',
    unsaved: 'Unsaved changes',
    lastSaved: 'Last saved',
    startTemplate: 'Use the template',
    replaceTemplate: 'Replace with the template',
    // A merchant may publish in another language than the panel's: Russian here.
    templateLanguage: 'ru',
    templateTitle: 'Политика возврата и возмещения',
    sentence: 'You may return any item within 30 days, no reason needed.',
    saved: (name: string) => `“${name}” saved and shown on your store`,
    savedHidden: (name: string) => `“${name}” saved. Without text it is not shown on your store`,
    returns: 'Return and refund policy',
    shipping: 'Shipping policy',
    titleRequired: 'Give the policy a title',
  },
} as const;

/** The field's wrapper (label, input, message), so that a message is checked where it shows. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]');

/** One policy's line in the list and its form below it. */
function policy(page: Page, type: string) {
  const item = page.getByTestId(`policy-${type}`);
  const form = page.getByTestId(`policy-form-${type}`);
  return {
    item,
    open: page.getByTestId(`policy-${type}-open`),
    status: item.getByTestId('policy-status'),
    savedAt: item.getByTestId('policy-saved-at'),
    unsaved: item.getByTestId('policy-unsaved'),
    form,
    title: form.getByTestId('policy-title'),
    content: form.getByTestId('policy-content'),
    template: form.getByTestId('policy-template'),
    templateLanguage: form.getByTestId('policy-template-language'),
    save: form.getByTestId('policy-save'),
    discard: form.getByTestId('policy-discard'),
    view: form.getByTestId('policy-view'),
  };
}

// The panel's half; what shoppers see of the policies is e2e/store-policies.spec.ts. The demo
// store's policies are shared by every test of the server, so each test first sets the two it
// starts from through the API: the return policy empty, the shipping policy written.
test.describe('control panel: Settings → Policies', () => {
  for (const language of ['az', 'en'] as const) {
    const text = TEXT[language];

    test(`${language}: the return policy from the template, edited and shown; the shipping policy emptied and off the store; no title refused`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await useLanguage(page, language);
      await signInAsDemo(page, request);
      const market = await apiData<{ id: string }>(page.request, 'GET', `/Market/get-store-by-name/${DEMO.store}`);
      await apiData(page.request, 'PUT', `/Policy/${market.id}/returnAndRefund`, { title: '', content: '' });
      await apiData(page.request, 'PUT', `/Policy/${market.id}/shipping`, {
        title: text.shipping,
        content: '<p>Orders leave within two working days.</p>',
      });

      await page.goto('/cp/general');
      await page.getByTestId('settings-tab-policies').click();
      await expect(page).toHaveURL(/\/cp\/policies$/);
      await expect(page.getByTestId('cp-policies-title')).toHaveText(text.title);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('settings-tab-policies')).toHaveText(text.settingsTab);
      await expect(page.getByTestId('settings-tab-policies')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'true');

      const returns = policy(page, 'returnAndRefund');
      await test.step('the return policy starts from the template, a sentence is changed, and it is saved', async () => {
        await expect(returns.status).toHaveText(text.hidden);
        await returns.open.click();
        await expect(returns.templateLanguage).toHaveValue(language);
        await returns.templateLanguage.selectOption(text.templateLanguage);
        await expect(returns.template).toHaveText(text.startTemplate);
        await returns.template.click();
        // An empty policy is filled at once, with the store's name and the owner's e-mail in it.
        await expect(returns.title).toHaveValue(text.templateTitle);
        await expect(returns.content).toContainText(DEMO.store);
        await expect(returns.content).toContainText(DEMO.email);
        await expect(returns.unsaved).toHaveText(text.unsaved);
        await expect(returns.status).toHaveText(text.hidden);

        await returns.content.locator('p').first().click({ clickCount: 3 });
        await page.keyboard.type(text.sentence);
        await expect(returns.content.locator('p').first()).toHaveText(text.sentence);
        await returns.save.click();

        await expect(page.getByTestId('notice')).toContainText(text.saved(text.returns));
        await expect(returns.status).toHaveText(text.shown);
        await expect(returns.savedAt).toContainText(text.lastSaved);
        await expect(returns.unsaved).toBeHidden();
        await expect(returns.view).toHaveAttribute('href', `/${DEMO.store}/policies/returnAndRefund`);
        await expect(returns.view).toHaveAttribute('target', '_blank');
      });

      await test.step('as saved after a reload; the template asks before replacing text', async () => {
        await page.reload();
        await expect(returns.status).toHaveText(text.shown);
        await returns.open.click();
        await expect(returns.title).toHaveValue(text.templateTitle);
        await expect(returns.content.locator('p').first()).toHaveText(text.sentence);
        await expect(returns.unsaved).toBeHidden();
        await expect(returns.template).toHaveText(text.replaceTemplate);
        await returns.template.click();
        await page.getByTestId('policy-template-confirm-cancel').click();
        await expect(returns.content.locator('p').first()).toHaveText(text.sentence);
        await expect(returns.unsaved).toBeHidden();
      });

      await test.step('a policy without a title is refused at its title, and nothing changes on the store', async () => {
        await returns.title.fill('');
        await returns.save.click();
        await expect(fieldOf(returns.title)).toContainText(text.titleRequired);
        await expect(returns.title).toBeFocused();
        await expect(returns.status).toHaveText(text.shown);
        // Leaving with the change unsaved asks first.
        await page.getByTestId('nav-home').click();
        await page.getByTestId('unsaved-stay').click();
        await expect(page).toHaveURL(/\/cp\/policies$/);
        await returns.discard.click();
        await expect(returns.title).toHaveValue(text.templateTitle);
        await expect(returns.unsaved).toBeHidden();
      });

      await test.step('the shipping policy emptied and saved is no longer shown', async () => {
        const shipping = policy(page, 'shipping');
        await expect(shipping.status).toHaveText(text.shown);
        await shipping.open.click();
        await shipping.content.click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.press('Backspace');
        await shipping.save.click();

        await expect(page.getByTestId('notice')).toContainText(text.savedHidden(text.shipping));
        await expect(shipping.status).toHaveText(text.hidden);
        await expect(shipping.view).toBeHidden();
        await expect(returns.status).toHaveText(text.shown);
      });
    });
  }
});
