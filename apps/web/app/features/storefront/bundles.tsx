import type { BundleView, Timer } from '@shop/shared';
import type { TFunction } from 'i18next';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStorePath } from '../../lib/store-context';
import { BundleBlock, type BundleBlockTexts } from '../../ui/bundle-block';
import { useMoney } from '../../ui/price';
import { CartError, useCart, useCartState } from './cart';
import { useCartErrors } from './cart-drawer';
import { StoreLink } from './store-link';
import css from './storefront.module.css';

/** The longest wait a browser's timer takes (about 24.8 days); a later end is checked on the next page. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** True once `endsAt` has passed (checked in the browser; a page drawn just before still shows it). */
function useEnded(endsAt: string): [boolean, () => void] {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const left = Date.parse(endsAt) - Date.now();
    if (!(left > 0)) {
      setEnded(true);
      return;
    }
    if (left > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => setEnded(true), left);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return [ended, () => setEnded(true)];
}

function durationWords(t: TFunction, time: Timer): string {
  return (['days', 'hours', 'minutes', 'seconds'] as const)
    .filter((unit) => time[unit] > 0)
    .map((unit) => t(`storefront.bundle.units.${unit}`, { count: time[unit] }))
    .join(' ');
}

/**
 * A store's bundle offers (decision 018) on a product's page or the store's home: each as its
 * merchant made it (ui/bundle-block, the control panel's preview), with "add" putting one of each
 * of its products into the cart. On a product's page the variant chosen there goes with it; a
 * bundle product with options of its own is chosen on its page (the bundle's price applies as
 * soon as the whole set is in the cart, however it got there).
 */
export function StoreBundles({
  bundles,
  productId = null,
  variantId = null,
}: {
  /** As the page's loader read them (the server chose those of this page). */
  bundles: BundleView[];
  productId?: string | null;
  variantId?: string | null;
}) {
  if (bundles.length === 0) return null;
  return (
    <div className={css.bundles} data-testid="store-bundles">
      {bundles.map((bundle) => (
        <Offer key={bundle.id} bundle={bundle} productId={productId} variantId={variantId} />
      ))}
    </div>
  );
}

function Offer({
  bundle,
  productId,
  variantId,
}: {
  bundle: BundleView;
  productId: string | null;
  variantId: string | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const cart = useCart();
  const { busy } = useCartState();
  const showError = useCartErrors();
  const path = useStorePath();
  const [ended, end] = useEnded(bundle.endsAt);
  if (ended) return null;

  const toChoose = bundle.products.filter((p) => p.hasVariants && p.id !== productId);
  const soldOut = bundle.products.filter((p) => !p.inStock);
  const texts: BundleBlockTexts = {
    badge: t('storefront.bundle.badge', { percent: bundle.percent }),
    total: t('storefront.bundle.total'),
    regularPrice: t('storefront.bundle.regularPrice'),
    bundlePrice: t('storefront.bundle.bundlePrice'),
    saving: t('storefront.bundle.saving', { amount: money(bundle.price - bundle.bundlePrice) }),
    endsIn: t('storefront.bundle.endsIn'),
    days: (count) => t('storefront.bundle.days', { count }),
    remaining: (left) => t('storefront.bundle.remaining', { time: durationWords(t, left) }),
  };

  const add = async () => {
    try {
      await cart.addBundle(bundle.id, productId && variantId ? { [productId]: variantId } : {});
      cart.showAdded(bundle.title);
    } catch (error) {
      if (error instanceof CartError && error.messageKey === 'OFFER_ENDED') end();
      showError(error);
    }
  };

  const note = soldOut.length ? (
    t('storefront.bundle.soldOut', { titles: soldOut.map((p) => p.title).join(', ') })
  ) : toChoose.length ? (
    <>
      {t('storefront.bundle.chooseOptions')}{' '}
      {toChoose.map((p, index) => (
        <Fragment key={p.id}>
          {index > 0 && ', '}
          <StoreLink to={path(`/product/${p.id}`)} data-testid="bundle-choose">
            {p.title}
          </StoreLink>
        </Fragment>
      ))}
    </>
  ) : null;

  return (
    <BundleBlock
      template={bundle.template}
      colour={bundle.colour}
      headerTitle={bundle.headerTitle}
      title={bundle.title}
      footerText={bundle.footerText}
      buttonText={bundle.buttonText}
      products={bundle.products}
      price={bundle.price}
      bundlePrice={bundle.bundlePrice}
      highlight={bundle.highlight}
      endsAt={bundle.endsAt}
      timer={bundle.timer}
      texts={texts}
      money={money}
      headingLevel={2}
      onAdd={add}
      disabled={busy || note !== null}
      note={note}
    />
  );
}
