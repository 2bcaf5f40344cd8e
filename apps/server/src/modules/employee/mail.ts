import type { EmployeeLevel, Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

interface Texts {
  subject: (store: string) => string;
  invited: (who: string, store: string) => string;
  levels: Record<EmployeeLevel, string>;
  accept: string;
  expires: (days: number) => string;
  ignore: string;
}

const TEXTS: Record<Language, Texts> = {
  az: {
    subject: (store) => `${store} mağazasında işləməyə dəvət`,
    invited: (who, store) => `${who} sizi ${store} mağazasının idarə panelində işləməyə dəvət edir.`,
    levels: {
      full: 'Girişiniz: tam (pul, domenlər və əməkdaşlar istisna olmaqla hər şey).',
      orders: 'Girişiniz: sifarişlər, müştərilər və tərk edilmiş səbətlər.',
      catalog: 'Girişiniz: məhsullar, kateqoriyalar, kolleksiyalar, anbar və endirimlər.',
      analytics: 'Girişiniz: analitika (yalnız baxış).',
    },
    accept: 'Dəvəti qəbul edin',
    expires: (days) => `Keçid ${days} gün qüvvədədir. Bu e-poçtla daxil olun və ya qeydiyyatdan keçin.`,
    ignore: 'Bu dəvəti gözləmirdinizsə, məktubu nəzərə almayın.',
  },
  en: {
    subject: (store) => `An invitation to work in ${store}`,
    invited: (who, store) => `${who} invites you to work in the control panel of the store ${store}.`,
    levels: {
      full: 'Your access: full (everything but money, domains and employees).',
      orders: 'Your access: orders, customers and abandoned checkouts.',
      catalog: 'Your access: products, categories, collections, inventory and discounts.',
      analytics: 'Your access: analytics (read only).',
    },
    accept: 'Accept the invitation',
    expires: (days) => `The link works for ${days} days. Sign in or register with this e-mail.`,
    ignore: 'If you did not expect this invitation, ignore this e-mail.',
  },
  ru: {
    subject: (store) => `Приглашение работать в магазине ${store}`,
    invited: (who, store) => `${who} приглашает вас работать в панели управления магазина ${store}.`,
    levels: {
      full: 'Ваш доступ: полный (всё, кроме денег, доменов и сотрудников).',
      orders: 'Ваш доступ: заказы, покупатели и брошенные корзины.',
      catalog: 'Ваш доступ: товары, категории, коллекции, склад и скидки.',
      analytics: 'Ваш доступ: аналитика (только просмотр).',
    },
    accept: 'Принять приглашение',
    expires: (days) => `Ссылка действует ${days} дней. Войдите или зарегистрируйтесь с этим e-mail.`,
    ignore: 'Если вы не ждали этого приглашения, просто проигнорируйте письмо.',
  },
};

/** The invitation to work in a store: who invites, to which store, at what level, and the link. */
export function invitationMail(
  to: string,
  language: Language,
  invitation: { store: string; invitedBy: string; level: EmployeeLevel; link: string; days: number },
): MailMessage {
  const texts = TEXTS[language];
  const invited = texts.invited(invitation.invitedBy, invitation.store);
  const level = texts.levels[invitation.level];
  const expires = texts.expires(invitation.days);
  return {
    to,
    subject: texts.subject(invitation.store),
    text: `${invited}\n\n${level}\n\n${texts.accept}: ${invitation.link}\n\n${expires}\n${texts.ignore}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${escapeHtml(invited)}</p>
<p>${escapeHtml(level)}</p>
<p><a href="${escapeHtml(invitation.link)}" style="display:inline-block;padding:10px 18px;background:#0c8599;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(texts.accept)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(expires)}<br>${escapeHtml(texts.ignore)}</p>
</body></html>`,
  };
}
