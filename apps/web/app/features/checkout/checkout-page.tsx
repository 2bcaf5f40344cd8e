import type { Checkout, Language } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useStorePath } from '../../lib/store-context';
import { storedVisitorId } from '../../lib/visitor';
import { useNotice } from '../../ui/notice';
import { checkoutApi } from './api';
import css from './checkout.module.css';
import { CheckoutForm, ProcessorNote } from './checkout-form';
import { AddressBlock, OrderLines, OrderTotals } from './order-summary';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; checkout: Checkout; uniqueCode: string };

/**
 * The checkout page (SPEC §2 checkout/{id}). The checkout is the visitor's (its id and the
 * visitor id kept in this browser), so it is read in the browser, not rendered on the server.
 */
export function CheckoutPage({
  checkoutId,
  language,
  privacyUrl,
}: {
  checkoutId: string;
  language: Language;
  /** The platform's privacy policy where this page can link to it (ProcessorNote). */
  privacyUrl: string;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async (): Promise<Checkout | null> => {
    const uniqueCode = storedVisitorId();
    if (!uniqueCode) {
      setState({ kind: 'error', message: t('messages:INVALID_SESSION_OR_STORE') });
      return null;
    }
    try {
      const checkout = await checkoutApi.get(checkoutId, uniqueCode);
      setState({ kind: 'ready', checkout, uniqueCode });
      return checkout;
    } catch {
      setState({ kind: 'error', message: t('messages:ERROR_LOADING_CHECKOUT') });
      return null;
    }
  }, [checkoutId, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // A paid order has nothing left to do here; nor has one placed to pay the courier in cash.
  useEffect(() => {
    if (state.kind !== 'ready') return;
    if (state.checkout.paymentStatus === 'paid') {
      void navigate(`/card-success?orderId=${state.checkout.id}`, { replace: true });
    } else if (placedInCash(state.checkout)) {
      void navigate(`/success?orderId=${state.checkout.id}`, { replace: true });
    }
  }, [state, navigate]);

  const onPlacedInCash = useCallback((orderId: string) => void navigate(`/success?orderId=${orderId}`), [navigate]);

  const onPaymentError = useCallback(
    (orderId: string, error: unknown) => {
      if (error instanceof ApiError && error.code === 'ORDER_ALREADY_PAID') {
        void navigate(`/card-success?orderId=${orderId}`);
        return;
      }
      // SPEC §8: "Checkout failed" leads to the payment-failed page (with its retry).
      notice(t('messages:CHECKOUT_FAILED'), 'error');
      void navigate(`/card-failed?orderId=${orderId}`);
    },
    [navigate, notice, t],
  );

  if (state.kind === 'loading') return <div className={css.skeleton} aria-busy="true" data-testid="checkout-loading" />;
  if (state.kind === 'error') {
    return (
      <p className={css.banner} role="alert" data-testid="checkout-error">
        {state.message}
      </p>
    );
  }
  const { checkout, uniqueCode } = state;
  if (placedInCash(checkout)) return <div className={css.skeleton} aria-busy="true" data-testid="checkout-loading" />;
  if (checkout.number !== null) {
    return (
      <PlacedOrder
        checkout={checkout}
        uniqueCode={uniqueCode}
        language={language}
        onError={onPaymentError}
        privacyUrl={privacyUrl}
      />
    );
  }
  return (
    <CheckoutForm
      key={checkout.id}
      checkout={checkout}
      uniqueCode={uniqueCode}
      language={language}
      reload={load}
      replace={(next) => setState({ kind: 'ready', checkout: next, uniqueCode })}
      onPaymentError={onPaymentError}
      onPlacedInCash={onPlacedInCash}
      privacyUrl={privacyUrl}
    />
  );
}

/** Placed to pay the courier in cash: no card payment to start, the result page shows it. */
function placedInCash(checkout: Checkout): boolean {
  return checkout.number !== null && checkout.paymentMethod === 'cash';
}

/** An order placed but not paid (the shopper came back): pay it. */
function PlacedOrder({
  checkout,
  uniqueCode,
  language,
  onError,
  privacyUrl,
}: {
  checkout: Checkout;
  uniqueCode: string;
  language: Language;
  onError: (orderId: string, error: unknown) => void;
  privacyUrl: string;
}) {
  const { t } = useTranslation();
  const [paying, setPaying] = useState(false);
  const path = useStorePath();
  return (
    <div className={css.page}>
      <div className={css.form}>
        <h1>{t('storefront.result.order', { name: checkout.name })}</h1>
        {checkout.shippingAddress && <AddressBlock address={checkout.shippingAddress} language={language} />}
        <a href={path()}>{t('storefront.result.continue')}</a>
      </div>
      <aside className={css.summary}>
        <OrderLines checkout={checkout} />
        <OrderTotals checkout={checkout} />
        <button
          type="button"
          className={css.pay}
          disabled={paying}
          data-testid="pay"
          onClick={async () => {
            setPaying(true);
            try {
              const { redirectUrl } = await checkoutApi.startPayment(checkout.id, uniqueCode);
              window.location.assign(redirectUrl);
            } catch (error) {
              setPaying(false);
              onError(checkout.id, error);
            }
          }}
        >
          {t('storefront.checkout.pay')}
        </button>
        <ProcessorNote privacyUrl={privacyUrl} />
      </aside>
    </div>
  );
}
