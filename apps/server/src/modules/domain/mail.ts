import type { Language } from '@shop/shared';
import { escapeHtml, MAIL_FONT, type MailMessage } from '../../platform/mail.js';

type Kind = 'missing' | 'stopped';

const TEXTS: Record<
  Language,
  { subject: Record<Kind, (d: string) => string>; body: Record<Kind, (d: string, by: string) => string>; fix: string }
> = {
  az: {
    subject: {
      missing: (d) => `${d}: DNS qeydləri tapılmır`,
      stopped: (d) => `${d} mağazanızı artıq açmır`,
    },
    body: {
      missing: (d, by) =>
        `${d} domeninin DNS qeydlərini tapa bilmədik. Onları ${by} tarixinədək bərpa edin, əks halda domen mağazanızı açmayacaq.`,
      stopped: (d) =>
        `${d} domeninin DNS qeydləri bir neçə gündür tapılmır, ona görə domen artıq mağazanızı açmır. Mağazanız platformadakı ünvanında işləməyə davam edir.`,
    },
    fix: 'Lazım olan qeydlər Ayarlar → Domenlər bölməsindədir; onları bərpa etdikdən sonra “İndi yoxla” düyməsini basın.',
  },
  en: {
    subject: {
      missing: (d) => `${d}: its DNS records are missing`,
      stopped: (d) => `${d} no longer opens your store`,
    },
    body: {
      missing: (d, by) =>
        `We could not find the DNS records of ${d}. Put them back by ${by}, or the domain stops opening your store.`,
      stopped: (d) =>
        `The DNS records of ${d} have been missing for days, so the domain no longer opens your store. Your store still works at its address on the platform.`,
    },
    fix: 'The records it needs are under Settings → Domains; once they are back, press “Check now”.',
  },
  ru: {
    subject: {
      missing: (d) => `${d}: не найдены DNS-записи`,
      stopped: (d) => `${d} больше не открывает ваш магазин`,
    },
    body: {
      missing: (d, by) =>
        `Мы не нашли DNS-записи домена ${d}. Восстановите их до ${by}, иначе домен перестанет открывать ваш магазин.`,
      stopped: (d) =>
        `DNS-записи домена ${d} не находятся уже несколько дней, поэтому домен больше не открывает ваш магазин. Магазин по-прежнему работает по своему адресу на платформе.`,
    },
    fix: 'Нужные записи — в разделе Настройки → Домены; восстановив их, нажмите «Проверить сейчас».',
  },
};

/** Tells the owner a verified domain's records are gone: to put back by a date, or that it stopped. */
export function domainMail(to: string, language: Language, kind: Kind, domain: string, by: string): MailMessage {
  const texts = TEXTS[language];
  const body = texts.body[kind](domain, by);
  return {
    to,
    subject: texts.subject[kind](domain),
    text: `${body}\n\n${texts.fix}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${escapeHtml(body)}</p>
<p style="color:#666;font-size:13px">${escapeHtml(texts.fix)}</p>
</body></html>`,
  };
}
