import { type Checkout, formatMoney, type Language, regionName } from '@shop/shared';
import type { AppContext } from '../../platform/context.js';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';
import { markConfirmationSent, type OrderRow } from '../order/lifecycle.js';

const TEXTS: Record<
  Language,
  {
    subject: string;
    thanks: string;
    /** Cash on delivery: the order is placed, its total paid to the courier. */
    thanksCash: (total: string) => string;
    cashFee: string;
    items: string;
    subtotal: string;
    shipping: string;
    total: string;
    deliverTo: string;
    note: string;
    bundleSavings: string;
    /** The cart discount: a code typed at checkout, or an offer (pop-up) the shopper accepted. */
    code: (code: string) => string;
    offer: (title: string) => string;
    bundle: (title: string) => string;
    /** A discounted line: what it was paid, and what it cost before. */
    paidInstead: (paid: string, before: string) => string;
  }
> = {
  az: {
    subject: 'Sifarişiniz qəbul olundu',
    thanks: 'Təşəkkür edirik! Ödənişiniz alındı və sifarişiniz hazırlanır.',
    thanksCash: (total) =>
      `Təşəkkür edirik! Sifarişiniz qəbul olundu və hazırlanır. Çatdırılanda kuryerə ${total} nağd ödəyin.`,
    cashFee: 'Qapıda ödəniş haqqı',
    items: 'Məhsullar',
    subtotal: 'Ara cəm',
    shipping: 'Çatdırılma',
    total: 'Cəmi',
    deliverTo: 'Çatdırılma ünvanı',
    note: 'Qeyd',
    bundleSavings: 'Dəst endirimi',
    code: (code) => `Endirim kodu ${code}`,
    offer: (title) => `Endirim «${title}»`,
    bundle: (title) => `Dəst: ${title}`,
    paidInstead: (paid, before) => `${paid} (${before} əvəzinə)`,
  },
  en: {
    subject: 'Your order is confirmed',
    thanksCash: (total) =>
      `Thank you! Your order is placed and being prepared. Pay ${total} in cash to the courier on delivery.`,
    cashFee: 'Cash on delivery fee',
    thanks: 'Thank you! We received your payment and are preparing your order.',
    items: 'Items',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    total: 'Total',
    deliverTo: 'Delivery address',
    note: 'Note',
    bundleSavings: 'Bundle savings',
    code: (code) => `Discount code ${code}`,
    offer: (title) => `Discount “${title}”`,
    bundle: (title) => `Bundle: ${title}`,
    paidInstead: (paid, before) => `${paid} (instead of ${before})`,
  },
  ru: {
    subject: 'Ваш заказ подтверждён',
    thanks: 'Спасибо! Мы получили оплату и готовим ваш заказ.',
    thanksCash: (total) => `Спасибо! Ваш заказ принят и готовится. Оплатите ${total} наличными курьеру при доставке.`,
    cashFee: 'Плата за оплату при доставке',
    items: 'Товары',
    subtotal: 'Подытог',
    shipping: 'Доставка',
    total: 'Итого',
    deliverTo: 'Адрес доставки',
    note: 'Примечание',
    bundleSavings: 'Скидка за наборы',
    code: (code) => `Промокод ${code}`,
    offer: (title) => `Скидка «${title}»`,
    bundle: (title) => `Набор: ${title}`,
    paidInstead: (paid, before) => `${paid} (вместо ${before})`,
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
  const nameOf = (i: Checkout['items'][number]) =>
    `${i.title}${i.variantTitle ? ` (${i.variantTitle})` : ''} × ${i.quantity}${i.bundleTitle ? ` · ${t.bundle(i.bundleTitle)}` : ''}`;
  const lines = order.items.map(
    (i) => `${nameOf(i)} — ${i.discount > 0 ? t.paidInstead(money(i.paid), money(i.lineTotal)) : money(i.lineTotal)}`,
  );
  // Between the subtotal and shipping: what bundle prices and the cart discount took off.
  const discounts: [string, string][] = [];
  if (order.bundleDiscount > 0) discounts.push([t.bundleSavings, `−${money(order.bundleDiscount)}`]);
  const cart = order.discount;
  if (cart && cart.amount > 0) {
    discounts.push([
      cart.kind === 'code' ? t.code(cart.code ?? '') : t.offer(cart.title ?? ''),
      `−${money(cart.amount)}`,
    ]);
  }
  const subject = `${t.subject}: ${order.name} · ${order.marketName}`;
  const thanks = order.paymentMethod === 'cash' ? t.thanksCash(money(order.total)) : t.thanks;
  const cashFee: [string, string][] = order.cashFee > 0 ? [[t.cashFee, money(order.cashFee)]] : [];
  const text = [
    thanks,
    '',
    `${order.name} · ${order.marketName}`,
    '',
    `${t.items}:`,
    ...lines,
    '',
    `${t.subtotal}: ${money(order.subtotal)}`,
    ...discounts.map(([label, value]) => `${label}: ${value}`),
    `${t.shipping} (${order.shippingName ?? ''}): ${money(order.shippingPrice)}`,
    ...cashFee.map(([label, value]) => `${label}: ${value}`),
    `${t.total}: ${money(order.total)}`,
    '',
    `${t.deliverTo}:`,
    ...address,
    ...(order.note ? ['', `${t.note}: ${order.note}`] : []),
    '',
  ].join('\n');
  const cell = 'padding:4px 0';
  const rowHtml = (label: string, valueHtml: string, strong = false) =>
    `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right${strong ? ';font-weight:700' : ''}">${valueHtml}</td></tr>`;
  const row = (label: string, value: string, strong = false) => rowHtml(label, escapeHtml(value), strong);
  const lineHtml = (i: Checkout['items'][number]) =>
    i.discount > 0
      ? rowHtml(
          nameOf(i),
          `<s style="color:#868e96">${escapeHtml(money(i.lineTotal))}</s> ${escapeHtml(money(i.paid))}`,
        )
      : row(nameOf(i), money(i.lineTotal));
  const html = `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(`${order.name} · ${order.marketName}`)}</h1>
<p>${escapeHtml(thanks)}</p>
<table style="width:100%;border-collapse:collapse">
${order.items.map(lineHtml).join('\n')}
<tr><td colspan="2"><hr></td></tr>
${row(t.subtotal, money(order.subtotal))}
${discounts.map(([label, value]) => row(label, value)).join('\n')}
${row(`${t.shipping} (${order.shippingName ?? ''})`, money(order.shippingPrice))}
${cashFee.map(([label, value]) => row(label, value)).join('\n')}
${row(t.total, money(order.total), true)}
</table>
<h2 style="font-size:16px">${escapeHtml(t.deliverTo)}</h2>
<p>${address.map((l) => escapeHtml(l as string)).join('<br>')}</p>
${order.note ? `<p><strong>${escapeHtml(t.note)}:</strong> ${escapeHtml(order.note)}</p>` : ''}
</body></html>`;
  return { to, subject, text, html };
}

/**
 * Mails the order's confirmation in the shopper's language (once: an order confirmed already is
 * left alone) and writes it on the timeline; true when it went out. A failure is logged, not thrown:
 * the order stands either way.
 */
export async function sendOrderConfirmation(ctx: AppContext, order: OrderRow, view: Checkout): Promise<boolean> {
  if (!order.email || order.confirmationSentAt) return false;
  try {
    const message = orderConfirmationMail(view, order.email, order.language as Language);
    await ctx.mailer.send(message);
    await markConfirmationSent(ctx.db, order, message);
    return true;
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'order confirmation mail failed');
    return false;
  }
}
