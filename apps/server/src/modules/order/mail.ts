import { formatMoney, type Language, regionName } from '@shop/shared';
import type { AddressRecord } from '../../db/schema/commerce.js';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

/** The shopper's e-mails about an order after paying: sent on (its way), money given back. */

interface Line {
  title: string;
  variantTitle: string | null;
  quantity: number;
}

interface MailOrder {
  name: string;
  marketName: string;
  shippingAddress: AddressRecord | null;
}

const TEXTS: Record<
  Language,
  {
    fulfilledSubject: string;
    fulfilledAll: string;
    fulfilledPart: string;
    sentNow: string;
    stillToCome: string;
    deliverTo: string;
    refundSubject: string;
    refunded: (amount: string) => string;
    canceled: string;
    refundTime: string;
    restocked: string;
    reason: string;
  }
> = {
  az: {
    fulfilledSubject: 'Sifarişiniz yola salındı',
    fulfilledAll: 'Sifarişinizin bütün məhsulları yola salındı.',
    fulfilledPart: 'Sifarişinizin bir hissəsi yola salındı; qalanını da tezliklə göndərəcəyik.',
    sentNow: 'Göndərilənlər',
    stillToCome: 'Hələ göndəriləcək',
    deliverTo: 'Çatdırılma ünvanı',
    refundSubject: 'Pulunuz geri qaytarıldı',
    refunded: (amount) => `Sifarişiniz üzrə ${amount} kartınıza geri qaytarıldı.`,
    canceled: 'Sifarişiniz ləğv olundu.',
    refundTime: 'Məbləğin hesabınıza köçməsi bankınızdan asılı olaraq bir neçə iş günü çəkə bilər.',
    restocked: 'Geri qaytarılan məhsullar',
    reason: 'Səbəb',
  },
  en: {
    fulfilledSubject: 'Your order is on its way',
    fulfilledAll: 'Every item of your order is on its way.',
    fulfilledPart: 'Part of your order is on its way; we will send the rest soon.',
    sentNow: 'Sent now',
    stillToCome: 'Still to come',
    deliverTo: 'Delivery address',
    refundSubject: 'Your money has been refunded',
    refunded: (amount) => `We have refunded ${amount} of your order to your card.`,
    canceled: 'Your order has been canceled.',
    refundTime: 'Depending on your bank, it may take a few business days to reach your account.',
    restocked: 'Items returned',
    reason: 'Reason',
  },
  ru: {
    fulfilledSubject: 'Ваш заказ отправлен',
    fulfilledAll: 'Все товары вашего заказа отправлены.',
    fulfilledPart: 'Часть вашего заказа отправлена; остальное мы скоро отправим.',
    sentNow: 'Отправлено сейчас',
    stillToCome: 'Ещё будет отправлено',
    deliverTo: 'Адрес доставки',
    refundSubject: 'Деньги возвращены',
    refunded: (amount) => `Мы вернули на вашу карту ${amount} за заказ.`,
    canceled: 'Ваш заказ отменён.',
    refundTime: 'В зависимости от банка зачисление может занять несколько рабочих дней.',
    restocked: 'Возвращённые товары',
    reason: 'Причина',
  },
};

const lineText = (l: Line) => `${l.title}${l.variantTitle ? ` (${l.variantTitle})` : ''} × ${l.quantity}`;

function addressLines(a: AddressRecord | null, language: Language): string[] {
  if (!a) return [];
  return [
    `${a.firstName} ${a.lastName}`,
    a.address1,
    a.address2,
    `${a.city}, ${regionName(a.region, language)} ${a.postCode}`,
  ].filter((l): l is string => Boolean(l));
}

/** Paragraphs and lists as text and HTML alike. */
type Block = { p: string } | { h: string; items: string[] };

function render(title: string, blocks: Block[], language: Language) {
  const text = [
    title,
    '',
    ...blocks.flatMap((b) => ('p' in b ? [b.p, ''] : [`${b.h}:`, ...b.items.map((i) => `- ${i}`), ''])),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${blocks
  .map((b) =>
    'p' in b
      ? `<p>${escapeHtml(b.p)}</p>`
      : `<h2 style="font-size:16px">${escapeHtml(b.h)}</h2><ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
</body></html>`;
  return { text, html };
}

/** Sent when the merchant fulfils lines: what went out now, and what is still to come. */
export function orderFulfilledMail(
  order: MailOrder,
  to: string,
  language: Language,
  sent: Line[],
  remaining: Line[],
): MailMessage {
  const t = TEXTS[language];
  const title = `${order.name} · ${order.marketName}`;
  const blocks: Block[] = [
    { p: remaining.length ? t.fulfilledPart : t.fulfilledAll },
    { h: t.sentNow, items: sent.map(lineText) },
  ];
  if (remaining.length) blocks.push({ h: t.stillToCome, items: remaining.map(lineText) });
  const address = addressLines(order.shippingAddress, language);
  if (address.length) blocks.push({ h: t.deliverTo, items: address });
  return { to, subject: `${t.fulfilledSubject}: ${title}`, ...render(title, blocks, language) };
}

/** Sent when money is given back; a refund in full also cancels the order. */
export function orderRefundedMail(
  order: MailOrder,
  to: string,
  language: Language,
  refund: { amount: number; canceled: boolean; restocked: Line[]; reason: string | null },
): MailMessage {
  const t = TEXTS[language];
  const title = `${order.name} · ${order.marketName}`;
  const blocks: Block[] = [{ p: t.refunded(formatMoney(refund.amount, language)) }];
  if (refund.canceled) blocks.push({ p: t.canceled });
  if (refund.reason) blocks.push({ p: `${t.reason}: ${refund.reason}` });
  if (refund.restocked.length) blocks.push({ h: t.restocked, items: refund.restocked.map(lineText) });
  blocks.push({ p: t.refundTime });
  return { to, subject: `${t.refundSubject}: ${title}`, ...render(title, blocks, language) };
}
