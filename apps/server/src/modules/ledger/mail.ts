import type { Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

const TEXTS: Record<
  Language,
  { subject: (store: string) => string; credit: string; debit: string; reason: string; where: string }
> = {
  az: {
    subject: (store) => `${store}: balansınızda düzəliş`,
    credit: 'Platformanın əməkdaşı mağazanızın əlçatan balansına məbləğ əlavə etdi:',
    debit: 'Platformanın əməkdaşı mağazanızın əlçatan balansından məbləğ çıxdı:',
    reason: 'Səbəb',
    where: 'Düzəliş növbəti ödənişin sətirlərində görünəcək. Sualınız varsa, bu məktuba cavab yazın.',
  },
  en: {
    subject: (store) => `${store}: an adjustment to your balance`,
    credit: 'The platform’s staff added an amount to your store’s available balance:',
    debit: 'The platform’s staff took an amount off your store’s available balance:',
    reason: 'Why',
    where: 'The adjustment is among the lines of your next payout. If you have a question, reply to this e-mail.',
  },
  ru: {
    subject: (store) => `${store}: корректировка баланса`,
    credit: 'Сотрудник платформы добавил сумму к доступному балансу вашего магазина:',
    debit: 'Сотрудник платформы списал сумму с доступного баланса вашего магазина:',
    reason: 'Причина',
    where: 'Корректировка будет в строках следующей выплаты. Если у вас есть вопросы, ответьте на это письмо.',
  },
};

/** Tells the owner the staff corrected their store's balance: by how much, and why. */
export function adjustmentMail(
  to: string,
  language: Language,
  store: string,
  adjustment: { amount: string; credit: boolean; reason: string },
): MailMessage {
  const texts = TEXTS[language];
  const body = adjustment.credit ? texts.credit : texts.debit;
  const reason = `${texts.reason}: ${adjustment.reason}`;
  return {
    to,
    subject: texts.subject(store),
    text: `${body}\n\n${adjustment.amount}\n\n${reason}\n\n${texts.where}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${escapeHtml(body)}</p>
<p style="font-size:18px;font-weight:700">${escapeHtml(adjustment.amount)}</p>
<p>${escapeHtml(reason)}</p>
<p style="color:#666;font-size:13px">${escapeHtml(texts.where)}</p>
</body></html>`,
  };
}
