import { type Language, maskAccount } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

const TEXTS: Record<Language, { subject: (store: string) => string; body: string; warning: string }> = {
  az: {
    subject: (store) => `${store}: bank rekvizitləri dəyişdirildi`,
    body: 'Mağazanızın bank rekvizitləri dəyişdirildi. Bundan sonrakı ödənişlər bu hesaba göndəriləcək:',
    warning:
      'Bunu siz etməmisinizsə, dərhal şifrənizi dəyişin və rekvizitləri düzəldin: artıq yaradılmış ödənişlər köhnə hesaba gedir.',
  },
  en: {
    subject: (store) => `${store}: bank details changed`,
    body: 'The bank details of your store were changed. Payouts made from now on go to this account:',
    warning:
      'If this was not you, change your password and correct the details at once: payouts already made keep the earlier account.',
  },
  ru: {
    subject: (store) => `${store}: банковские реквизиты изменены`,
    body: 'Банковские реквизиты вашего магазина изменены. Следующие выплаты будут отправлены на этот счёт:',
    warning:
      'Если это были не вы, сразу смените пароль и исправьте реквизиты: уже созданные выплаты идут на прежний счёт.',
  },
};

/** Tells the owner their store's bank details changed (issue 14): the new account, masked. */
export function bankDetailsChangedMail(
  to: string,
  language: Language,
  store: string,
  details: { bank: string; settlementAccount: string },
): MailMessage {
  const { subject, body, warning } = TEXTS[language];
  const account = `${details.bank}, ${maskAccount(details.settlementAccount)}`;
  return {
    to,
    subject: subject(store),
    text: `${body}\n\n${account}\n\n${warning}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${escapeHtml(body)}</p>
<p style="font-size:18px;font-weight:700">${escapeHtml(account)}</p>
<p style="color:#666;font-size:13px">${escapeHtml(warning)}</p>
</body></html>`,
  };
}

const PAYOUT_TEXTS: Record<
  Language,
  {
    sent: (store: string) => string;
    sentBody: string;
    failed: (store: string) => string;
    failedBody: string;
    reason: string;
  }
> = {
  az: {
    sent: (store) => `${store}: ödəniş göndərildi`,
    sentBody: 'Mağazanızın əlçatan balansı bank hesabınıza göndərildi:',
    failed: (store) => `${store}: ödəniş alınmadı`,
    failedBody:
      'Bank ödənişi qəbul etmədi və məbləğ əlçatan balansınıza qaytarıldı. Bank rekvizitlərini yoxlayın: növbəti ödəniş onlarla göndəriləcək.',
    reason: 'Bankın cavabı',
  },
  en: {
    sent: (store) => `${store}: payout sent`,
    sentBody: 'What your store had available was sent to your bank account:',
    failed: (store) => `${store}: payout failed`,
    failedBody:
      'The bank did not accept the payout, and the amount is back in your available balance. Check your bank details: the next payout goes with them.',
    reason: 'The bank said',
  },
  ru: {
    sent: (store) => `${store}: выплата отправлена`,
    sentBody: 'Доступный баланс магазина отправлен на ваш банковский счёт:',
    failed: (store) => `${store}: выплата не прошла`,
    failedBody:
      'Банк не принял выплату, и сумма вернулась на ваш доступный баланс. Проверьте банковские реквизиты: следующая выплата уйдёт по ним.',
    reason: 'Ответ банка',
  },
};

/** Tells the owner a payout went out (`reason` absent) or came back (with the bank's words). */
export function payoutMail(
  to: string,
  language: Language,
  store: string,
  payout: { amount: string; account: string; reason?: string },
): MailMessage {
  const texts = PAYOUT_TEXTS[language];
  const failed = payout.reason !== undefined;
  const subject = failed ? texts.failed(store) : texts.sent(store);
  const body = failed ? texts.failedBody : texts.sentBody;
  const figure = `${payout.amount} → ${maskAccount(payout.account)}`;
  const reason = failed ? `${texts.reason}: ${payout.reason}` : '';
  return {
    to,
    subject,
    text: `${body}\n\n${figure}\n${reason ? `\n${reason}\n` : ''}`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${escapeHtml(body)}</p>
<p style="font-size:18px;font-weight:700">${escapeHtml(figure)}</p>
${reason ? `<p style="color:#666;font-size:13px">${escapeHtml(reason)}</p>` : ''}
</body></html>`,
  };
}
