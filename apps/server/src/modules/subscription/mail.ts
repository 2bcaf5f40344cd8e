import type { ChargeFailureCause, Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

/** Why a charge failed, in the owner's words (the order timeline's, for a card the owner saved). */
const CAUSES: Record<Language, Record<ChargeFailureCause, string>> = {
  az: {
    declined: 'Bank kartı rədd etdi',
    insufficient_funds: 'Kartda kifayət qədər vəsait yoxdur',
    card_expired: 'Kartın müddəti bitib',
    invalid_card: 'Kart məlumatları etibarsızdır',
    restricted_card: 'Kart bankı tərəfindən məhdudlaşdırılıb',
    suspected_fraud: 'Bank fırıldaqçılıqdan şübhələndi',
    lost_or_stolen: 'Kartın itirildiyi və ya oğurlandığı bildirilib',
    limit_exceeded: 'Kartın xərc limiti dolub',
    not_permitted: 'Bu kartla belə ödəniş etmək olmaz',
    contact_bank: 'Bank kart sahibinin banka müraciət etməsini istəyir',
    pin_error: 'Kartın PIN kodu səhvdir və ya bloklanıb',
    invalid_amount: 'Bank məbləği qəbul etmədi',
    canceled_by_shopper: 'Ödəniş ləğv edildi',
    amount_mismatch: 'Bank fərqli məbləğ tutdu',
    provider_error: 'Ödəniş provayderi cavab vermədi',
    no_card: 'Yadda saxlanmış kart yoxdur',
  },
  en: {
    declined: 'The bank declined the card',
    insufficient_funds: 'Not enough money on the card',
    card_expired: 'The card has expired',
    invalid_card: 'The card details are not valid',
    restricted_card: 'The card is restricted by its bank',
    suspected_fraud: 'The bank suspected fraud',
    lost_or_stolen: 'The card was reported lost or stolen',
    limit_exceeded: "The card's spending limit was reached",
    not_permitted: 'The card may not be used for this payment',
    contact_bank: 'The bank asks the cardholder to contact it',
    pin_error: "The card's PIN was wrong or locked",
    invalid_amount: 'The bank did not accept the amount',
    canceled_by_shopper: 'The payment was canceled',
    amount_mismatch: 'The bank charged a different amount',
    provider_error: 'The payment provider did not answer',
    no_card: 'No card is saved',
  },
  ru: {
    declined: 'Банк отклонил карту',
    insufficient_funds: 'На карте недостаточно средств',
    card_expired: 'Срок действия карты истёк',
    invalid_card: 'Данные карты недействительны',
    restricted_card: 'Карта ограничена банком',
    suspected_fraud: 'Банк заподозрил мошенничество',
    lost_or_stolen: 'Карта заявлена как утерянная или украденная',
    limit_exceeded: 'Исчерпан лимит расходов по карте',
    not_permitted: 'Этой картой нельзя оплатить такой платёж',
    contact_bank: 'Банк просит владельца карты обратиться в банк',
    pin_error: 'Неверный или заблокированный PIN-код карты',
    invalid_amount: 'Банк не принял сумму',
    canceled_by_shopper: 'Оплата отменена',
    amount_mismatch: 'Банк списал другую сумму',
    provider_error: 'Платёжный провайдер не ответил',
    no_card: 'Нет сохранённой карты',
  },
};

interface Texts {
  failed: (store: string) => string;
  failedBody: (amount: string) => string;
  retry: (when: string, left: number) => string;
  lastTry: string;
  suspended: (store: string) => string;
  suspendedBody: (amount: string) => string;
  restored: (store: string) => string;
  restoredBody: (amount: string, until: string) => string;
  fix: string;
  reason: string;
}

const TEXTS: Record<Language, Texts> = {
  az: {
    failed: (store) => `${store}: abunə haqqı ödənilmədi`,
    failedBody: (amount) => `Mağazanızın aylıq abunə haqqını (${amount}) kartınızdan çıxmaq alınmadı.`,
    retry: (when, left) => `${when} yenidən cəhd edəcəyik (${left} cəhd qalıb).`,
    lastTry:
      'Bu son cəhd olacaq: ödəniş yenə alınmasa, mağaza dayandırılacaq və alıcılar texniki xidmət səhifəsini görəcək.',
    suspended: (store) => `${store}: mağaza dayandırıldı`,
    suspendedBody: (amount) =>
      `Abunə haqqını (${amount}) bütün cəhdlərdə çıxmaq alınmadı, ona görə mağazanız dayandırıldı: alıcılar texniki xidmət səhifəsini görür. Heç nə silinməyib — ödədiyiniz an mağaza yenidən açılacaq.`,
    restored: (store) => `${store}: abunə haqqı ödənildi`,
    restoredBody: (amount, until) => `${amount} ödənildi, mağazanız işləyir. Növbəti ödəniş: ${until}.`,
    fix: 'Kartı dəyişmək və ya indi ödəmək üçün idarə panelində Parametrlər → Ödənişlər bölməsini açın.',
    reason: 'Səbəb',
  },
  en: {
    failed: (store) => `${store}: subscription payment failed`,
    failedBody: (amount) => `We could not charge your card for your store's monthly subscription (${amount}).`,
    retry: (when, left) => `We will try again on ${when} (${left} ${left === 1 ? 'try' : 'tries'} left).`,
    lastTry:
      'That will be the last try: if it fails too, the store will be suspended and shoppers will see a maintenance page.',
    suspended: (store) => `${store}: store suspended`,
    suspendedBody: (amount) =>
      `Every try to charge the subscription (${amount}) failed, so your store is suspended: shoppers see a maintenance page. Nothing has been deleted — the store opens again the moment you pay.`,
    restored: (store) => `${store}: subscription paid`,
    restoredBody: (amount, until) => `${amount} was paid and your store is open. Next payment: ${until}.`,
    fix: 'To change the card or pay now, open Settings → Payments in the control panel.',
    reason: 'Reason',
  },
  ru: {
    failed: (store) => `${store}: не удалось оплатить подписку`,
    failedBody: (amount) => `Не удалось списать ежемесячную плату за подписку магазина (${amount}) с вашей карты.`,
    retry: (when, left) => `Мы попробуем снова ${when} (осталось попыток: ${left}).`,
    lastTry:
      'Это будет последняя попытка: если и она не пройдёт, магазин будет приостановлен и покупатели увидят страницу техобслуживания.',
    suspended: (store) => `${store}: магазин приостановлен`,
    suspendedBody: (amount) =>
      `Все попытки списать плату за подписку (${amount}) не удались, поэтому магазин приостановлен: покупатели видят страницу техобслуживания. Ничего не удалено — магазин откроется сразу после оплаты.`,
    restored: (store) => `${store}: подписка оплачена`,
    restoredBody: (amount, until) => `${amount} оплачено, магазин работает. Следующий платёж: ${until}.`,
    fix: 'Чтобы сменить карту или оплатить сейчас, откройте в панели управления Настройки → Платежи.',
    reason: 'Причина',
  },
};

function mail(to: string, language: Language, subject: string, lines: string[], note?: string): MailMessage {
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n${note ? `\n${note}\n` : ''}`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${note ? `<p style="color:#666;font-size:13px">${escapeHtml(note)}</p>` : ''}
</body></html>`,
  };
}

/** The words of a failed charge: its cause in the owner's language, else the bank's own. */
export function chargeFailureText(language: Language, cause: ChargeFailureCause | null, message: string | null) {
  return cause ? CAUSES[language][cause] : (message ?? CAUSES[language].declined);
}

/**
 * A charge failed (issue 14: an e-mail each time): why, and when the next try is — or that the
 * store is now suspended.
 */
export function chargeFailedMail(
  to: string,
  language: Language,
  store: string,
  charge: { amount: string; reason: string; nextTry: string | null; triesLeft: number; suspended: boolean },
): MailMessage {
  const t = TEXTS[language];
  const reason = `${t.reason}: ${charge.reason}`;
  if (charge.suspended) return mail(to, language, t.suspended(store), [t.suspendedBody(charge.amount), reason, t.fix]);
  const next = charge.nextTry ? [t.retry(charge.nextTry, charge.triesLeft)] : [];
  if (charge.triesLeft === 1) next.push(t.lastTry);
  return mail(to, language, t.failed(store), [t.failedBody(charge.amount), reason, ...next, t.fix]);
}

/** A month that was owed is paid (the store opens again if it was suspended). */
export function chargePaidMail(
  to: string,
  language: Language,
  store: string,
  charge: { amount: string; until: string },
): MailMessage {
  const t = TEXTS[language];
  return mail(to, language, t.restored(store), [t.restoredBody(charge.amount, charge.until)]);
}
