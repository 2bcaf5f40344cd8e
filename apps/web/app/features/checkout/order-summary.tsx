import { type Address, type AppliedDiscount, type Checkout, imageUrl, type Language, regionName } from '@shop/shared';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price, useMoney } from '../../ui/price';
import css from './checkout.module.css';

/**
 * The lines and totals of a checkout or order: image, title, variant, quantity, prices.
 * `marked: false` for a second copy on the same page (the phone's summary bar): test ids stay unique.
 */
export function OrderLines({ checkout, marked = true }: { checkout: Checkout; marked?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <ul className={css.lines} aria-label={t('storefront.checkout.items')}>
      {checkout.items.map((line) => (
        <li key={line.id} className={css.line} data-testid={marked ? 'summary-line' : undefined}>
          <div className={css.thumb}>
            {line.imageUrl ? <img src={imageUrl(line.imageUrl, 400)} alt="" width={56} height={56} /> : <span />}
            <span className={css.qty} aria-hidden="true">
              {line.quantity}
            </span>
            <span className={css.visuallyHidden}>{t('storefront.checkout.quantity', { count: line.quantity })}</span>
          </div>
          <div>
            <div className={css.lineTitle}>{line.title}</div>
            {line.variantTitle && <div className={css.lineMeta}>{line.variantTitle}</div>}
            <div className={css.lineMeta}>
              <Price price={line.unitPrice} compareAt={line.compareAtPrice} />
            </div>
            {line.bundleUnits > 0 && (
              <div className={css.bundle} data-testid={marked ? 'summary-line-bundle' : undefined}>
                {line.bundleUnits === line.quantity
                  ? t('storefront.checkout.bundle', { title: line.bundleTitle ?? '' })
                  : t('storefront.checkout.bundlePart', {
                      title: line.bundleTitle ?? '',
                      units: line.bundleUnits,
                      quantity: line.quantity,
                    })}
              </div>
            )}
          </div>
          <span className={css.linePrice}>
            {line.discount > 0 && (
              <s className={css.was}>
                <span className={css.visuallyHidden}>{t('storefront.cart.was')} </span>
                {money(line.lineTotal)}
              </s>
            )}
            <strong data-testid={marked ? 'summary-line-total' : undefined}>{money(line.paid)}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The delivery price shown: the tariff chosen on the page, else the checkout's own; null before one is chosen. */
function shippingShown(checkout: Checkout, shipping?: number | null): number | null {
  return shipping ?? (checkout.shippingTariffId ? checkout.shippingPrice : null);
}

/** What the goods cost after their discounts (a tariff's "order total" condition reads this). */
export function goodsTotal(checkout: Checkout): number {
  return checkout.subtotal - checkout.discountTotal;
}

/**
 * What the shopper pays: the goods after discounts, the delivery shown (none before a tariff is
 * chosen) and the cash-on-delivery fee — the one chosen on the page, else the order's own (0
 * unless it was placed to pay in cash).
 */
export function totalShown(checkout: Checkout, shipping?: number | null, cashFee = checkout.cashFee): number {
  return goodsTotal(checkout) + (shippingShown(checkout, shipping) ?? 0) + cashFee;
}

/** The cart discount's name in the summary: the code typed, or the pop-up taken. */
export function discountName(t: TFunction, discount: AppliedDiscount): string {
  return discount.kind === 'code'
    ? t('storefront.checkout.codeDiscount', { code: discount.code ?? '' })
    : t('storefront.checkout.popupDiscount', { title: discount.title ?? '', percent: discount.percent ?? 0 });
}

export function OrderTotals({
  checkout,
  shipping,
  cashFee = checkout.cashFee,
  marked = true,
}: {
  checkout: Checkout;
  shipping?: number | null;
  /** The cash-on-delivery fee while cash is chosen on the page; an order's own by default. */
  cashFee?: number;
  marked?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const shippingPrice = shippingShown(checkout, shipping);
  const total = totalShown(checkout, shipping, cashFee);
  return (
    <dl className={css.totals}>
      <dt>{t('storefront.checkout.subtotal')}</dt>
      <dd data-testid={marked ? 'summary-subtotal' : undefined}>{money(checkout.subtotal)}</dd>
      {checkout.bundleDiscount > 0 && (
        <>
          <dt>{t('storefront.checkout.bundleDiscount')}</dt>
          <dd className={css.saving} data-testid={marked ? 'summary-bundle-discount' : undefined}>
            −{money(checkout.bundleDiscount)}
          </dd>
        </>
      )}
      {checkout.discount && checkout.discount.amount > 0 && (
        <>
          <dt data-testid={marked ? 'summary-discount-name' : undefined}>{discountName(t, checkout.discount)}</dt>
          <dd className={css.saving} data-testid={marked ? 'summary-discount' : undefined}>
            −{money(checkout.discount.amount)}
          </dd>
        </>
      )}
      <dt>{t('storefront.checkout.shipping')}</dt>
      <dd data-testid={marked ? 'summary-shipping' : undefined}>
        {shippingPrice === null
          ? t('storefront.checkout.shippingLater')
          : shippingPrice === 0
            ? t('storefront.checkout.free')
            : money(shippingPrice)}
      </dd>
      {cashFee > 0 && (
        <>
          <dt>{t('storefront.checkout.cashFee')}</dt>
          <dd data-testid={marked ? 'summary-cash-fee' : undefined}>{money(cashFee)}</dd>
        </>
      )}
      <dt className={css.grand}>{t('storefront.checkout.total')}</dt>
      <dd className={css.grand} data-testid={marked ? 'summary-total' : undefined}>
        {money(total)}
      </dd>
    </dl>
  );
}

/** "We hold your items for 14:59": the time left of the checkout's stock reservation. */
export function ReservationCountdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const end = new Date(until).getTime();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.max(0, Math.floor((end - now) / 1000));
  if (left === 0) {
    return <p className={`${css.hold} ${css.expired}`}>{t('storefront.checkout.holdExpired')}</p>;
  }
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p className={css.hold} data-testid="reservation" role="timer">
      {t('storefront.checkout.hold', { time })}
    </p>
  );
}

export function AddressBlock({ address, language }: { address: Address; language: Language }) {
  const { t } = useTranslation();
  return (
    <address className={css.address}>
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.city}, {regionName(address.region, language)}, {address.postCode}
      <br />
      {t('storefront.checkout.azerbaijan')}
    </address>
  );
}
