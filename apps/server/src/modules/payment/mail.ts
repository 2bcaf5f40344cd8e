import { type Checkout, formatMoney, type Language, regionName } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

const TEXTS: Record<
  Language,
  {
    subject: string;
    thanks: string;
    items: string;
    subtotal: string;
    shipping: string;
    total: string;
    deliverTo: string;
    note: string;
  }
> = {
  az: {
    subject: 'Sifarişiniz qəbul olundu',
    thanks: 'Təşəkkür edirik! Ödənişiniz alındı və sifarişiniz hazırlanır.',
    items: 'Məhsullar',
    subtotal: 'Ara cəm',
    shipping: 'Çatdırılma',
    total: 'Cəmi',
    deliverTo: 'Çatdırılma ünvanı',
    note: 'Qeyd',
  },
  en: {
    subject: 'Your order is confirmed',
    thanks: 'Thank you! We received your payment and are preparing your order.',
    items: 'Items',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    total: 'Total',
    deliverTo: 'Delivery address',
    note: 'Note',
  },
  ru: {
    subject: 'Ваш заказ подтверждён',
    thanks: 'Спасибо! Мы получили оплату и готовим ваш заказ.',
    items: 'Товары',
    subtotal: 'Подытог',
    shipping: 'Доставка',
    total: 'Итого',
    deliverTo: 'Адрес доставки',
    note: 'Примечание',
  },
};

/** The order confirmation sent to the shopper when the payment is confirmed, in their language. */
export function orderConfirmationMail(order: Checkout, to: string, language: Language): MailMessage {
  const t = TEXTS[language];
  const money = (minor: number) => formatMoney(minor, language);
  const a = order.shippingAddress;
  const address = a
    ? [
        `${a.firstName} ${a.lastName}`,
        a.address1,
        a.address2,
        `${a.city}, ${regionName(a.region, language)} ${a.postCode}`,
      ].filter(Boolean)
    : [];
  const lines = order.items.map(
    (i) => `${i.title}${i.variantTitle ? ` (${i.variantTitle})` : ''} × ${i.quantity} — ${money(i.lineTotal)}`,
  );
  const subject = `${t.subject}: ${order.name} · ${order.marketName}`;
  const text = [
    t.thanks,
    '',
    `${order.name} · ${order.marketName}`,
    '',
    `${t.items}:`,
    ...lines,
    '',
    `${t.subtotal}: ${money(order.subtotal)}`,
    `${t.shipping} (${order.shippingName ?? ''}): ${money(order.shippingPrice)}`,
    `${t.total}: ${money(order.total)}`,
    '',
    `${t.deliverTo}:`,
    ...address,
    ...(order.note ? ['', `${t.note}: ${order.note}`] : []),
    '',
  ].join('\n');
  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right${strong ? ';font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(`${order.name} · ${order.marketName}`)}</h1>
<p>${escapeHtml(t.thanks)}</p>
<table style="width:100%;border-collapse:collapse">
${order.items.map((i) => row(`${i.title}${i.variantTitle ? ` (${i.variantTitle})` : ''} × ${i.quantity}`, money(i.lineTotal))).join('\n')}
<tr><td colspan="2"><hr></td></tr>
${row(t.subtotal, money(order.subtotal))}
${row(`${t.shipping} (${order.shippingName ?? ''})`, money(order.shippingPrice))}
${row(t.total, money(order.total), true)}
</table>
<h2 style="font-size:16px">${escapeHtml(t.deliverTo)}</h2>
<p>${address.map((l) => escapeHtml(l as string)).join('<br>')}</p>
${order.note ? `<p><strong>${escapeHtml(t.note)}:</strong> ${escapeHtml(order.note)}</p>` : ''}
</body></html>`;
  return { to, subject, text, html };
}
