import { randomBytes } from 'node:crypto';
import { formatMoney, isLanguage, type Language, SANDBOX_CARDS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { escapeHtml } from '../../platform/mail.js';
import { MANAT_FONT_STACK, manatFontFaces } from '../../platform/manat-font.js';
import { sandboxEncode, sandboxVerdict } from '../../platform/payments/sandbox.js';
import { noContent, textOf } from '../../platform/responses.js';
import type { SubscriptionService } from '../subscription/service.js';
import { acceptForms } from './routes.js';
import { type PaymentService, paymentShape, SANDBOX_CARD_PATH, SANDBOX_PAGE_PATH } from './service.js';

const TEXTS = {
  az: {
    title: 'Test ödənişi',
    notice: 'Bu, sınaq ödəniş səhifəsidir: real kartdan pul çıxılmır.',
    card: 'Kart nömrəsi',
    expiry: 'Bitmə tarixi (AA/İİ)',
    cvc: 'CVC',
    pay: 'Ödə',
    cancel: 'Ləğv et',
    cards: 'Test kartları',
    approve: 'uğurlu ödəniş',
    decline: 'rədd edilir',
    insufficient: 'kifayət qədər vəsait yoxdur',
    badCard: 'Kart nömrəsini, bitmə tarixini və CVC-ni düzgün daxil edin',
    settled: 'Bu ödəniş artıq tamamlanıb.',
    cardTitle: 'Kartı yadda saxla',
    cardNotice: 'Bu, sınaq səhifəsidir: kart abunə haqqı üçün yadda saxlanılır, pul çıxılmır.',
    save: 'Yadda saxla',
    cardDone: 'Bu kart artıq qeyd olunub.',
  },
  en: {
    title: 'Test payment',
    notice: 'This is a test payment page: no real card is charged.',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay',
    cancel: 'Cancel',
    cards: 'Test cards',
    approve: 'approved',
    decline: 'declined',
    insufficient: 'insufficient funds',
    badCard: 'Enter a valid card number, expiry date and CVC',
    settled: 'This payment is already complete.',
    cardTitle: 'Save a card',
    cardNotice: 'This is a test page: the card is saved for the subscription and nothing is charged now.',
    save: 'Save card',
    cardDone: 'This card registration is already complete.',
  },
  ru: {
    title: 'Тестовая оплата',
    notice: 'Это тестовая страница оплаты: деньги с реальной карты не списываются.',
    card: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'CVC',
    pay: 'Оплатить',
    cancel: 'Отмена',
    cards: 'Тестовые карты',
    approve: 'успешная оплата',
    decline: 'отказ',
    insufficient: 'недостаточно средств',
    badCard: 'Введите верный номер карты, срок действия и CVC',
    settled: 'Этот платёж уже завершён.',
    cardTitle: 'Сохранить карту',
    cardNotice: 'Это тестовая страница: карта сохраняется для оплаты подписки, сейчас ничего не списывается.',
    save: 'Сохранить',
    cardDone: 'Эта карта уже зарегистрирована.',
  },
} as const;

/** Luhn check: what every card form checks before asking the bank. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function validExpiry(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** Manat (the manat sign's one-glyph face) leads the font stack, as in the web app (app.css). */
function page(language: Language, body: string, title: string) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title>
<style>
${manatFontFaces()}
body{font-family:${MANAT_FONT_STACK};background:#f4f5f7;color:#1a1b1e;margin:0;display:flex;justify-content:center;padding:32px 16px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;max-width:420px;width:100%;padding:24px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:12px 0}
.notice{background:#fff8e1;border-radius:8px;padding:8px 12px;font-size:14px}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #ccd;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#c92a2a;font-size:14px;margin-top:12px}
button{font-family:inherit;font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer;margin-top:16px;width:100%}
.pay{background:#1c7ed6;color:#fff}.cancel{background:#eee}
table{font-size:13px;margin-top:16px;border-collapse:collapse}td{padding:2px 8px 2px 0}code{font-size:13px}
</style></head><body><main>${body}</main></body></html>`;
}

/** The card fields, the submit and cancel buttons, and the test cards. */
function cardForm(language: Language, submit: string, error?: string) {
  const t = TEXTS[language];
  return `<form method="post" autocomplete="off">
<label for="card">${t.card}</label><input id="card" name="card" inputmode="numeric" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" required placeholder="12/30"></div>
<div><label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" required placeholder="123"></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(submit)}</button>
</form>
<form method="post"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">${t.cancel}</button></form>
<table><caption style="text-align:left;font-weight:600">${t.cards}</caption>
<tr><td><code>${SANDBOX_CARDS.approve}</code></td><td>${t.approve}</td></tr>
<tr><td><code>${SANDBOX_CARDS.decline}</code></td><td>${t.decline}</td></tr>
<tr><td><code>${SANDBOX_CARDS.insufficientFunds}</code></td><td>${t.insufficient}</td></tr></table>`;
}

/** A card the form was given, checked as a card form checks it before asking the bank; null when not valid. */
function validCard(body: Record<string, string>): string | null {
  const card = String(body.card ?? '').replace(/\D/g, '');
  const valid = luhnValid(card) && validExpiry(String(body.expiry ?? '')) && /^\d{3,4}$/.test(String(body.cvc ?? ''));
  return valid ? card : null;
}

/**
 * The sandbox provider's hosted card page (DESIGN §5): served by this app under its own path,
 * it takes a test card and reports the result signed, through the same verification as any
 * provider's callback, then sends the shopper back to the shop.
 */
export function registerSandboxPage(
  app: FastifyInstance,
  ctx: AppContext,
  payments: PaymentService,
  subscriptions: SubscriptionService,
) {
  async function load(paymentId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
    // The attempt with its order's name and language and the store's name: one statement. By its
    // id alone, the provider checked here: with `p.provider = 'sandbox'` in the statement, a
    // connection that prepared it while the table had no statistics could keep a plan that walks
    // every sandbox payment by the (provider, transaction) index — 0.6 ms a page instead of 0.03.
    const [row] = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`select ${paymentShape.columnsOf('p')}, o.name as order_name,
          o.language as order_language, o.payment_status as order_payment_status, m.name as market_name
        from payments p join orders o on o.id = p.order_id join markets m on m.id = o.market_id
        where p.id = ${paymentId}`),
    );
    if (row?.provider !== 'sandbox') return null;
    const order = {
      name: row.order_name as string | null,
      language: row.order_language as string,
      paymentStatus: row.order_payment_status as string,
      market: row.market_name as string,
    };
    return { payment: paymentShape.read(row), order };
  }

  /**
   * Where a settled attempt's page sends the shopper again: by the order, not the attempt — a
   * second payment of a paid order was given back, and the success page says so.
   */
  function settledUrl({ payment, order }: NonNullable<Awaited<ReturnType<typeof load>>>) {
    return order.paymentStatus === 'paid' ? payment.successUrl : payment.errorUrl;
  }

  function form(language: Language, loaded: NonNullable<Awaited<ReturnType<typeof load>>>, error?: string) {
    const t = TEXTS[language];
    const { payment, order } = loaded;
    return page(
      language,
      `<h1>${escapeHtml(order.market)} · ${escapeHtml(order.name ?? '')}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
<div class="amount" data-testid="sandbox-amount">${escapeHtml(formatMoney(payment.amount, language))}</div>
${cardForm(language, t.pay, error)}`,
      t.title,
    );
  }

  /** The page to save a card for the subscription (sandbox card registration). */
  function cardPage(language: Language, store: string, error?: string) {
    const t = TEXTS[language];
    return page(
      language,
      `<h1>${escapeHtml(store)} · ${escapeHtml(t.cardTitle)}</h1>
<p class="notice">${escapeHtml(t.cardNotice)}</p>
${cardForm(language, t.save, error)}`,
      t.cardTitle,
    );
  }

  // Pages, and redirects back to the shop (not in /api/docs: this is the provider's page, not our API).
  const html = (what: string) => textOf('text/html', what);
  const shown = { 200: html('The card form'), 303: noContent, 404: html('No such payment') };
  const posted = { 303: noContent, 404: html('No such payment'), 422: html('The card form again, with the error') };

  app.register(async (scope) => {
    acceptForms(scope);

    scope.get<{ Params: { paymentId: string } }>(
      `${SANDBOX_PAGE_PATH}/:paymentId`,
      { schema: { hide: true, response: shown } },
      async (request, reply) => {
        const loaded = await load(request.params.paymentId);
        const language = isLanguage(request.cookies?.language)
          ? request.cookies.language
          : ((loaded?.order.language ?? 'az') as Language);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!loaded) return reply.status(404).send(page(language, '<h1>404</h1>', '404'));
        if (loaded.payment.status !== 'started') return reply.redirect(settledUrl(loaded), 303);
        return form(language, loaded);
      },
    );

    scope.post<{ Params: { paymentId: string }; Body: Record<string, string> }>(
      `${SANDBOX_PAGE_PATH}/:paymentId`,
      { schema: { hide: true, response: posted } },
      async (request, reply) => {
        const loaded = await load(request.params.paymentId);
        const language = isLanguage(request.cookies?.language)
          ? request.cookies.language
          : ((loaded?.order.language ?? 'az') as Language);
        reply.header('cache-control', 'no-store');
        if (!loaded)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(page(language, '<h1>404</h1>', '404'));
        const { payment } = loaded;
        if (payment.status !== 'started') return reply.redirect(settledUrl(loaded), 303);
        const body = (request.body ?? {}) as Record<string, string>;
        const canceled = body.action === 'cancel';
        const card = validCard(body) ?? '';
        if (!canceled && !card) {
          return reply
            .status(422)
            .type('text/html; charset=utf-8')
            .send(form(language, loaded, TEXTS[language].badCard));
        }
        const outcome = canceled
          ? { status: 'failed' as const, code: '200', message: 'Canceled by the shopper' }
          : sandboxVerdict(card);
        const signed = sandboxEncode(ctx.config.payments.sandboxSecret, {
          order_id: payment.id,
          ...outcome,
          transaction: payment.transaction ?? `sbx_${randomBytes(12).toString('hex')}`,
          card_mask: canceled ? null : `${card.slice(0, 6)}******${card.slice(-4)}`,
          amount: payment.amount / 100,
        });
        const applied = await payments.handleCallback('sandbox', signed);
        // A payment the order could not take (a second one of a paid order) still ends on the
        // success page when the order is paid: it says the extra charge went back.
        const approved = applied ? applied.order.paymentStatus === 'paid' : outcome.code === '000';
        return reply.redirect(approved ? payment.successUrl : payment.errorUrl, 303);
      },
    );

    // Saving a card for the subscription: the registration the owner was sent to, by its token.
    async function loadCard(token: string) {
      if (!/^sbc_[0-9a-f]{24}$/.test(token)) return null;
      const [row] = rowsOf<{ status: string; language: string; store: string }>(
        await ctx.db.execute(sql`select r.status, r.language, m.name as store
          from card_registrations r join markets m on m.id = r.market_id
          where r.provider = 'sandbox' and r.token = ${token}`),
      );
      return row ?? null;
    }
    const back = (saved: boolean) => `${ctx.config.publicUrl}/cp/payments?card=${saved ? 'saved' : 'failed'}`;
    const notFound = (language: Language) => page(language, '<h1>404</h1>', '404');
    const cardShown = { 200: html('The form to save a card'), 303: noContent, 404: html('No such card registration') };
    const cardPosted = {
      303: noContent,
      404: html('No such card registration'),
      422: html('The form again, with the error'),
    };

    scope.get<{ Params: { token: string } }>(
      `${SANDBOX_CARD_PATH}/:token`,
      { schema: { hide: true, response: cardShown } },
      async (request, reply) => {
        const loaded = await loadCard(request.params.token);
        const language = isLanguage(request.cookies?.language)
          ? request.cookies.language
          : ((loaded?.language ?? 'az') as Language);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!loaded) return reply.status(404).send(notFound(language));
        if (loaded.status !== 'started') return reply.redirect(back(loaded.status === 'saved'), 303);
        return cardPage(language, loaded.store);
      },
    );

    scope.post<{ Params: { token: string }; Body: Record<string, string> }>(
      `${SANDBOX_CARD_PATH}/:token`,
      { schema: { hide: true, response: cardPosted } },
      async (request, reply) => {
        const { token } = request.params;
        const loaded = await loadCard(token);
        const language = isLanguage(request.cookies?.language)
          ? request.cookies.language
          : ((loaded?.language ?? 'az') as Language);
        reply.header('cache-control', 'no-store');
        if (!loaded) return reply.status(404).type('text/html; charset=utf-8').send(notFound(language));
        if (loaded.status !== 'started') return reply.redirect(back(loaded.status === 'saved'), 303);
        const body = (request.body ?? {}) as Record<string, string>;
        const canceled = body.action === 'cancel';
        const card = validCard(body);
        if (!canceled && !card) {
          return reply
            .status(422)
            .type('text/html; charset=utf-8')
            .send(cardPage(language, loaded.store, TEXTS[language].badCard));
        }
        // Any valid card is saved (its verdict comes when it is charged); a cancel saves none.
        const outcome = canceled
          ? { status: 'failed' as const, code: '200', message: 'Canceled by the cardholder' }
          : { status: 'success' as const, code: '000', message: 'Card registered' };
        const signed = sandboxEncode(ctx.config.payments.sandboxSecret, {
          card_id: token,
          ...outcome,
          card_mask: card ? `${card.slice(0, 6)}******${card.slice(-4)}` : null,
        });
        const applied = await subscriptions.handleCardCallback('sandbox', signed);
        return reply.redirect(back(applied?.saved ?? outcome.code === '000'), 303);
      },
    );
  });
}
