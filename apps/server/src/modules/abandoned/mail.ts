import { type AbandonedLine, formatMoney, type Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

const TEXTS: Record<
  Language,
  { subject: string; intro: string; items: string; total: string; button: string; ignore: string }
> = {
  az: {
    subject: 'Səbətinizdə məhsullar qaldı',
    intro:
      'Siz sifarişi tamamlamadınız. Seçdiyiniz məhsullar sizi gözləyir — bir kliklə səbətinizə qaytara bilərsiniz.',
    items: 'Səbətinizdə',
    total: 'Cəmi',
    button: 'Səbətə qayıt',
    ignore: 'Artıq sifariş vermisinizsə, bu məktubu nəzərə almayın.',
  },
  en: {
    subject: 'You left something in your cart',
    intro: 'You didn’t finish your order. The items you chose are waiting — one click puts them back in your cart.',
    items: 'In your cart',
    total: 'Total',
    button: 'Return to your cart',
    ignore: 'If you have already ordered, please ignore this e-mail.',
  },
  ru: {
    subject: 'Вы оставили товары в корзине',
    intro: 'Вы не завершили заказ. Выбранные товары ждут вас — одним нажатием они вернутся в корзину.',
    items: 'В вашей корзине',
    total: 'Итого',
    button: 'Вернуться к корзине',
    ignore: 'Если вы уже оформили заказ, просто не обращайте внимания на это письмо.',
  },
};

/** The one reminder of an abandoned checkout, in the shopper's language, with the recovery link. */
export function reminderMail(input: {
  to: string;
  language: Language;
  marketName: string;
  items: AbandonedLine[];
  total: number;
  recoveryUrl: string;
}): MailMessage {
  const t = TEXTS[input.language];
  const money = (minor: number) => formatMoney(minor, input.language);
  const label = (i: AbandonedLine) => `${i.title}${i.variantTitle ? ` (${i.variantTitle})` : ''} × ${i.quantity}`;
  const subject = `${t.subject} · ${input.marketName}`;
  const text = [
    t.intro,
    '',
    `${t.items}:`,
    ...input.items.map((i) => `${label(i)} — ${money(i.lineTotal)}`),
    '',
    `${t.total}: ${money(input.total)}`,
    '',
    `${t.button}: ${input.recoveryUrl}`,
    '',
    t.ignore,
    '',
    input.marketName,
    '',
  ].join('\n');
  const row = (name: string, value: string, strong = false) =>
    `<tr><td style="padding:4px 0">${escapeHtml(name)}</td><td style="padding:4px 0;text-align:right${strong ? ';font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  const url = escapeHtml(input.recoveryUrl);
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(input.marketName)}</h1>
<p>${escapeHtml(t.intro)}</p>
<h2 style="font-size:16px">${escapeHtml(t.items)}</h2>
<table style="width:100%;border-collapse:collapse">
${input.items.map((i) => row(label(i), money(i.lineTotal))).join('\n')}
<tr><td colspan="2"><hr></td></tr>
${row(t.total, money(input.total), true)}
</table>
<p style="margin:24px 0"><a href="${url}" style="background:#0c8599;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(t.button)}</a></p>
<p style="font-size:13px;color:#555">${url}</p>
<p style="font-size:13px;color:#555">${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
