import { type Checkout, formatMoney, type Language } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { rememberedStoreHome, storePath, useStore } from '../../lib/store-context';
import { storedVisitorId } from '../../lib/visitor';
import { useNotice } from '../../ui/notice';
import { checkoutApi } from './api';
import css from './checkout.module.css';
import { AddressBlock, OrderLines, OrderTotals } from './order-summary';

const POLL_MS = 1500;
const POLL_TIMES = 20;

type State =
  | { kind: 'loading' }
  /** No order to show: none named, none of this visitor's, or it could not be read. */
  | { kind: 'noOrder'; unreadable: boolean }
  | { kind: 'order'; order: Checkout };

/**
 * Where the payment provider sends the shopper back (SPEC §2 card-success / card-failed), and
 * where an order placed to pay in cash on delivery is shown (success). What it shows follows the
 * order's status on the server — paid only from the provider's verified result (DESIGN §5) —
 * which is polled while the result is still on its way.
 */
export function PaymentResult({
  outcome,
  language,
  onPaid,
  onOrder,
}: {
  outcome: 'success' | 'failed';
  language: Language;
  /** Once, when the order is bought: paid, or placed to pay the courier in cash. */
  onPaid?: (order: Checkout) => void;
  /** Once, when the order is first read. */
  onOrder?: (order: Checkout) => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const reported = useRef(false);
  const seen = useRef(false);

  useEffect(() => {
    const uniqueCode = storedVisitorId();
    if (!uniqueCode || !orderId) {
      setState({ kind: 'noOrder', unreadable: false });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (left: number) => {
      try {
        const order = await checkoutApi.status(orderId, uniqueCode);
        if (stopped) return;
        setState({ kind: 'order', order });
        if (order.paymentStatus === 'pending' && left > 0) timer = setTimeout(() => poll(left - 1), POLL_MS);
      } catch (error) {
        // Not found: a mistyped or foreign link. Anything else: the order may be there, unread.
        const unreadable = !(error instanceof ApiError && error.code === 'NOT_FOUND');
        if (!stopped) setState({ kind: 'noOrder', unreadable });
      }
    };
    void poll(POLL_TIMES);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId]);

  useEffect(() => {
    if (state.kind === 'order' && !seen.current) {
      seen.current = true;
      onOrder?.(state.order);
    }
    const bought = state.kind === 'order' && (state.order.paymentStatus === 'paid' || dueInCash(state.order));
    if (state.kind === 'order' && bought && !reported.current) {
      reported.current = true;
      onPaid?.(state.order);
    }
  }, [state, onPaid, onOrder]);

  if (state.kind === 'loading') return <div className={css.skeleton} aria-busy="true" />;
  if (state.kind === 'noOrder') return <NoOrder unreadable={state.unreadable} />;
  const { order } = state;
  if (order.paymentStatus === 'paid') return <Paid order={order} language={language} />;
  if (dueInCash(order)) return <PlacedInCash order={order} language={language} />;
  if (order.paymentStatus === 'canceled') return <Canceled order={order} language={language} />;
  if (order.paymentStatus === 'pending') {
    return (
      <div className={css.result} data-testid="payment-pending">
        <span className={css.resultIcon} data-pending="true" aria-hidden="true">
          …
        </span>
        <h1>{t('storefront.result.pendingTitle')}</h1>
        <p>{t('storefront.result.pendingText')}</p>
      </div>
    );
  }
  return <Failed order={order} outcome={outcome} language={language} />;
}

/**
 * A result page opened without an order of this visitor (a bookmark, a link shared, another
 * browser): it says so and leads back to the store the visitor came from — this page's store, the
 * one browsed last, the one chosen in the control panel — or else to the landing page.
 */
function NoOrder({ unreadable }: { unreadable: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  // Rendered in the browser only (the page starts loading): storage can be read here.
  const home = store ? storePath(store.base) : rememberedStoreHome();
  return (
    <div className={css.result} data-testid="payment-no-order">
      <span className={css.resultIcon} data-pending="true" aria-hidden="true">
        ?
      </span>
      <h1>{t(unreadable ? 'messages:ERROR_LOADING_CHECKOUT' : 'storefront.result.noOrderTitle')}</h1>
      <p>{t(unreadable ? 'storefront.result.unreadableText' : 'storefront.result.noOrderText')}</p>
      <a className={`${css.pay} ${css.payLink}`} href={home ?? '/'} data-testid="no-order-next">
        {t(home ? 'storefront.result.backToStore' : 'storefront.result.toHome')}
      </a>
    </div>
  );
}

function useContinueHref(order: Checkout) {
  const store = useStore();
  return store ? storePath(store.base) : `/${order.marketName}`;
}

function Paid({ order, language }: { order: Checkout; language: Language }) {
  const { t } = useTranslation();
  const home = useContinueHref(order);
  return (
    <div className={css.result} data-testid="payment-success">
      <span className={css.resultIcon} aria-hidden="true">
        ✓
      </span>
      <h1>{t('storefront.result.successTitle')}</h1>
      <p data-testid="order-name">{t('storefront.result.order', { name: order.name })}</p>
      <ReturnedPayments order={order} language={language} />
      {order.email && <p>{t('storefront.result.emailSent', { email: order.email })}</p>}
      <OrderLines checkout={order} />
      <OrderTotals checkout={order} />
      {order.shippingAddress && (
        <div>
          <h2>{t('storefront.result.deliveryTo')}</h2>
          <AddressBlock address={order.shippingAddress} language={language} />
        </div>
      )}
      <a className={`${css.pay} ${css.payLink}`} href={home} data-testid="continue-shopping">
        {t('storefront.result.continue')}
      </a>
    </div>
  );
}

/** Placed to pay the courier in cash, and not paid yet. */
function dueInCash(order: Checkout): boolean {
  return order.paymentMethod === 'cash' && order.number !== null && order.paymentStatus === 'unpaid';
}

/** Placed to pay in cash on delivery: nothing is paid yet; the courier takes the total. */
function PlacedInCash({ order, language }: { order: Checkout; language: Language }) {
  const { t } = useTranslation();
  const home = useContinueHref(order);
  return (
    <div className={css.result} data-testid="order-placed" data-method="cash">
      <span className={css.resultIcon} aria-hidden="true">
        ✓
      </span>
      <h1>{t('storefront.result.placedTitle')}</h1>
      <p data-testid="order-name">{t('storefront.result.order', { name: order.name })}</p>
      <p className={css.cashDue} data-testid="cash-due">
        {t('storefront.result.payCourier', { total: formatMoney(order.total, language) })}
      </p>
      {order.email && <p>{t('storefront.result.emailSent', { email: order.email })}</p>}
      <OrderLines checkout={order} />
      <OrderTotals checkout={order} />
      {order.shippingAddress && (
        <div>
          <h2>{t('storefront.result.deliveryTo')}</h2>
          <AddressBlock address={order.shippingAddress} language={language} />
        </div>
      )}
      <a className={`${css.pay} ${css.payLink}`} href={home} data-testid="continue-shopping">
        {t('storefront.result.continue')}
      </a>
    </div>
  );
}

/**
 * Money the order could not take went back by itself (a second payment of a paid order, one for
 * a wrong amount, one whose items sold out meanwhile): the shopper is told, and where it went.
 */
function ReturnedPayments({ order, language }: { order: Checkout; language: Language }) {
  const { t } = useTranslation();
  const returned = order.returnedPayments ?? [];
  if (returned.length === 0) return null;
  return (
    <div className={css.returned} role="status" data-testid="returned-payments">
      {returned.map((payment, index) => {
        const values = { amount: formatMoney(payment.amount, language), mask: payment.cardMask ?? '' };
        const where = payment.cardMask ? 'Card' : '';
        return (
          // Returned payments have no id of their own; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} data-testid="returned-payment" data-cause={payment.cause} data-returned={payment.returned}>
            {t(`storefront.result.returned.${payment.cause}`, values)}{' '}
            {t(`storefront.result.returned.${payment.returned ? 'done' : 'pending'}${where}`, values)}
          </p>
        );
      })}
    </div>
  );
}

/** The order was canceled while the shopper paid (its items sold out): nothing to retry. */
function Canceled({ order, language }: { order: Checkout; language: Language }) {
  const { t } = useTranslation();
  const home = useContinueHref(order);
  return (
    <div className={css.result} data-testid="payment-canceled">
      <span className={css.resultIcon} data-failed="true" aria-hidden="true">
        ✕
      </span>
      <h1>{t('storefront.result.canceledTitle')}</h1>
      <p data-testid="order-name">{t('storefront.result.order', { name: order.name ?? '' })}</p>
      <ReturnedPayments order={order} language={language} />
      <a className={`${css.pay} ${css.payLink}`} href={home} data-testid="continue-shopping">
        {t('storefront.result.continue')}
      </a>
    </div>
  );
}

function Failed({ order, outcome, language }: { order: Checkout; outcome: 'success' | 'failed'; language: Language }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [retrying, setRetrying] = useState(false);
  const home = useContinueHref(order);
  const retry = async () => {
    const uniqueCode = storedVisitorId();
    if (!uniqueCode) return;
    setRetrying(true);
    try {
      const { redirectUrl } = await checkoutApi.startPayment(order.id, uniqueCode);
      window.location.assign(redirectUrl);
    } catch (error) {
      setRetrying(false);
      if (error instanceof ApiError && error.code === 'ORDER_ALREADY_PAID') window.location.reload();
      // Its code was used up meanwhile (decision 018): said as the server says it.
      else if (error instanceof ApiError && error.code.startsWith('DISCOUNT_CODE_')) notice(error.message, 'error');
      else notice(t('messages:CHECKOUT_FAILED'), 'error');
    }
  };
  return (
    <div className={css.result} data-testid="payment-failed" data-outcome={outcome}>
      <span className={css.resultIcon} data-failed="true" aria-hidden="true">
        ✕
      </span>
      <h1>{t('messages:PAYMENT_FAILED')}</h1>
      <p>
        {t(order.returnedPayments?.length ? 'storefront.result.failedReturnedText' : 'storefront.result.failedText', {
          name: order.name ?? '',
        })}
      </p>
      <ReturnedPayments order={order} language={language} />
      <OrderTotals checkout={order} />
      <button type="button" className={css.pay} onClick={retry} disabled={retrying} data-testid="retry-payment">
        {t('messages:TRY_AGAIN')}
      </button>
      <a href={home}>{t('storefront.result.continue')}</a>
    </div>
  );
}
