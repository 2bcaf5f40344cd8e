import { imageUrl } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStorePath } from '../../lib/store-context';
import { useNotice } from '../../ui/notice';
import { Price, useMoney } from '../../ui/price';
import { CartError, useCart, useCartState } from './cart';
import css from './cart.module.css';
import { StoreLink } from './store-link';

const MAX_QUANTITY = 999;

/** The cart button of the store's header: opens the drawer; shows how many units are in it. */
export function CartButton({ className, badgeClassName }: { className?: string; badgeClassName?: string }) {
  const { t } = useTranslation();
  const cart = useCart();
  const { basket } = useCartState();
  const count = basket?.itemCount ?? 0;
  return (
    <button
      type="button"
      className={className}
      onClick={cart.open}
      aria-label={t('storefront.cart.open', { count })}
      data-testid="cart-button"
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20a1 1 0 1 0 0-.01 M18 20a1 1 0 1 0 0-.01" />
      </svg>
      <span className={badgeClassName} data-testid="cart-count">
        {count}
      </span>
    </button>
  );
}

/** Shows a cart failure with its catalogue message (SPEC §8 Storefront). */
export function useCartErrors() {
  const { t } = useTranslation();
  const notice = useNotice();
  return (error: unknown) => {
    const key = error instanceof CartError ? error.messageKey : 'ADD_TO_CART_FAILED';
    notice(t(`messages:${key}`), 'error');
  };
}

/** The cart drawer (SPEC §3 isCartOpen): lines, quantities, remove, subtotal, checkout. */
export function CartDrawer() {
  const { t } = useTranslation();
  const cart = useCart();
  const { basket, isCartOpen, added, busy, loading } = useCartState();
  const money = useMoney();
  const path = useStorePath();
  const navigate = useNavigate();
  const showError = useCartErrors();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isCartOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cart.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isCartOpen, cart]);

  if (!isCartOpen) return null;
  const items = basket?.items ?? [];

  const checkout = async () => {
    try {
      const started = await cart.checkout();
      await navigate(path(`/checkout/${started.id}`));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <div className={css.overlay} onClick={cart.close} aria-hidden="true" />
      <aside
        className={css.drawer}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        data-testid="cart-drawer"
      >
        <div className={css.head}>
          <h2 id="cart-title">{t('storefront.cart.title')}</h2>
          <button
            ref={closeButton}
            type="button"
            className={css.close}
            onClick={cart.close}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
        {added && (
          <p className={css.added} role="status" data-testid="cart-added">
            <span aria-hidden="true">✓</span> {t('storefront.product.added', { title: added })}
          </p>
        )}
        <div className={css.body} aria-busy={busy || loading}>
          {items.length === 0 ? (
            <div className={css.empty} data-testid="cart-empty">
              <p>{loading ? t('storefront.cart.loading') : t('messages:BASKET_EMPTY')}</p>
              <StoreLink to={path()} onClick={cart.close}>
                {t('storefront.cart.continue')}
              </StoreLink>
            </div>
          ) : (
            <ul className={css.lines}>
              {items.map((line) => {
                const max = Math.min(line.available ?? MAX_QUANTITY, MAX_QUANTITY);
                const setQuantity = (quantity: number) => cart.setQuantity(line.id, quantity).catch(showError);
                return (
                  <li key={line.id} className={css.line} data-testid="cart-line">
                    {line.imageUrl ? (
                      <img className={css.image} src={imageUrl(line.imageUrl, 400)} alt="" width={72} height={72} />
                    ) : (
                      <span className={css.image} />
                    )}
                    <div>
                      <StoreLink to={path(`/product/${line.productId}`)} className={css.title} onClick={cart.close}>
                        {line.title}
                      </StoreLink>
                      {line.variantTitle && (
                        <div className={css.variant} data-testid="cart-line-variant">
                          {line.variantTitle}
                        </div>
                      )}
                      {line.bundleUnits > 0 && (
                        <div className={css.bundle} data-testid="cart-line-bundle">
                          {line.bundleUnits === line.quantity
                            ? t('storefront.cart.bundle')
                            : t('storefront.cart.bundlePart', { units: line.bundleUnits, quantity: line.quantity })}
                        </div>
                      )}
                      <div className={css.unit}>
                        <Price price={line.unitPrice} compareAt={line.compareAtPrice} />
                      </div>
                      <div className={css.controls}>
                        <div className={css.stepper}>
                          <button
                            type="button"
                            disabled={busy || line.quantity <= 1}
                            onClick={() => setQuantity(line.quantity - 1)}
                            aria-label={t('storefront.cart.decrease', { title: line.title })}
                            data-testid="cart-line-decrease"
                          >
                            −
                          </button>
                          <span data-testid="cart-line-quantity">{line.quantity}</span>
                          <button
                            type="button"
                            disabled={busy || line.quantity >= max}
                            onClick={() => setQuantity(line.quantity + 1)}
                            aria-label={t('storefront.cart.increase', { title: line.title })}
                            data-testid="cart-line-increase"
                          >
                            +
                          </button>
                        </div>
                        <button
                          type="button"
                          className={css.remove}
                          disabled={busy}
                          onClick={() => cart.remove(line.id).catch(showError)}
                          data-testid="cart-line-remove"
                        >
                          {t('storefront.cart.remove')}
                        </button>
                      </div>
                    </div>
                    <span className={css.total}>
                      {line.discount > 0 && (
                        <s className={css.was} data-testid="cart-line-was">
                          <span className={css.visuallyHidden}>{t('storefront.cart.was')} </span>
                          {money(line.lineTotal)}
                        </s>
                      )}
                      <span data-testid="cart-line-total">{money(line.lineTotal - line.discount)}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {items.length > 0 && basket && (
          <div className={css.foot}>
            <dl className={css.sums}>
              <dt>{t('storefront.cart.subtotal')}</dt>
              <dd data-testid="cart-subtotal">{money(basket.subtotal)}</dd>
              {basket.bundleDiscount > 0 && (
                <>
                  <dt>{t('storefront.cart.bundleDiscount')}</dt>
                  <dd className={css.saving} data-testid="cart-bundle-discount">
                    −{money(basket.bundleDiscount)}
                  </dd>
                </>
              )}
              {basket.discount && basket.discount.amount > 0 && (
                <>
                  <dt data-testid="cart-discount-title">
                    {t('storefront.cart.popupDiscount', {
                      title: basket.discount.title ?? basket.discount.code ?? '',
                      percent: basket.discount.percent ?? 0,
                    })}
                  </dt>
                  <dd className={css.saving} data-testid="cart-discount">
                    −{money(basket.discount.amount)}
                  </dd>
                </>
              )}
              {basket.discountTotal > 0 && (
                <>
                  <dt className={css.grand}>{t('storefront.cart.total')}</dt>
                  <dd className={css.grand} data-testid="cart-total">
                    {money(basket.total)}
                  </dd>
                </>
              )}
            </dl>
            <p className={css.note}>{t('storefront.cart.shippingNote')}</p>
            <button
              type="button"
              className={css.checkout}
              disabled={busy}
              onClick={checkout}
              data-testid="cart-checkout"
            >
              {t('storefront.cart.checkout')}
            </button>
          </div>
        )}
      </aside>
    </>
  );
}
