import type { Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage, mailDate } from '../../platform/mail.js';

const TEXTS: Record<
  Language,
  {
    subject: (what: string) => string;
    store: string;
    account: string;
    closed: (what: string) => string;
    kept: (date: string) => string;
    after: string;
  }
> = {
  az: {
    subject: (what) => `${what} bağlandı`,
    store: 'Mağaza',
    account: 'Hesabınız',
    closed: (what) =>
      `${what} bağlandı: vitrin və domenlər artıq açılmır, əməkdaşların girişi bağlanıb, abunə haqqı tutulmur.`,
    kept: (date) =>
      `Bütün məlumatlar ${date} tarixinədək saxlanılır: bu müddətdə daxil olub mağazanı yenidən aça bilərsiniz.`,
    after:
      'Bu tarixdən sonra mağaza həmişəlik silinir; yalnız qanunun tələb etdiyi mühasibat qeydləri qalır. Gözlənilən ödəmələr saxlanılmış bank hesabına köçürülməyə davam edir.',
  },
  en: {
    subject: (what) => `${what} closed`,
    store: 'Store',
    account: 'Your account',
    closed: (what) =>
      `${what} closed: the storefront and domains no longer open, employees no longer have access, and no subscription is charged.`,
    kept: (date) => `Everything is kept until ${date}: until then, sign in and reopen the store whenever you like.`,
    after:
      'After that date the store is deleted for good; only the accounting records the law requires are kept. Payouts still due keep going to your saved bank account.',
  },
  ru: {
    subject: (what) => `${what}: закрыт`,
    store: 'Магазин',
    account: 'Ваш аккаунт',
    closed: (what) =>
      `${what} закрыт: витрина и домены больше не открываются, у сотрудников нет доступа, подписка не списывается.`,
    kept: (date) => `Все данные хранятся до ${date}: до этой даты можно войти и открыть магазин снова.`,
    after:
      'После этой даты магазин удаляется навсегда; остаются только бухгалтерские записи, которые требует закон. Причитающиеся выплаты по-прежнему идут на сохранённый банковский счёт.',
  },
};

/** Tells the owner what closing a store (or the account, `stores` being all of theirs) means, and until when it can be undone. */
export function closedMail(
  to: string,
  language: Language,
  stores: string[],
  keptUntil: Date,
  account = false,
): MailMessage {
  const texts = TEXTS[language];
  const what = account ? texts.account : `${texts.store} ${stores.join(', ')}`;
  const date = mailDate(keptUntil, language);
  const lines = [texts.closed(what), texts.kept(date), texts.after];
  return {
    to,
    subject: texts.subject(what),
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`,
  };
}
