import { type BundleView, imageSrcSet, imageUrl, LOW_STOCK, type StoreProduct, type StoreVariant } from '@shop/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackAddToCart } from '../../lib/analytics/commerce';
import { useStorePath } from '../../lib/store-context';
import { Price } from '../../ui/price';
import { StoreBundles } from './bundles';
import { CartError, useCart, useCartState } from './cart';
import { useCartErrors } from './cart-drawer';
import css from './storefront.module.css';

const MAX_QUANTITY = 999;

type StockState = 'in' | 'low' | 'out' | 'unavailable';

function stockOf(unit: { available: number | null } | null): StockState {
  if (!unit) return 'unavailable';
  if (unit.available === null) return 'in';
  if (unit.available <= 0) return 'out';
  return unit.available <= LOW_STOCK ? 'low' : 'in';
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The first variant to show: the one in the URL, else the first that can be bought. */
export function initialVariant(product: StoreProduct, wanted: string | null): StoreVariant | undefined {
  return (
    product.variants.find((v) => v.id === wanted) ??
    product.variants.find((v) => v.available === null || v.available > 0) ??
    product.variants[0]
  );
}

/**
 * The product page's picture, options, price, stock, quantity and buttons (SPEC §2 product), and
 * the bundles the product is in, which take the variant chosen here.
 */
export function ProductView({
  product,
  variantId,
  bundles,
}: {
  product: StoreProduct;
  variantId: string | null;
  bundles: BundleView[];
}) {
  const { t } = useTranslation();
  const cart = useCart();
  const { busy } = useCartState();
  const showError = useCartErrors();
  const navigate = useNavigate();
  const path = useStorePath();

  const [selected, setSelected] = useState<string[]>(() => initialVariant(product, variantId)?.options ?? []);
  const hasVariants = product.variants.length > 0;
  const variant = hasVariants ? product.variants.find((v) => same(v.options, selected)) : undefined;
  // Without options the product itself is the unit; with options, only an existing combination.
  const unit = hasVariants ? (variant ?? null) : product;
  const stock = stockOf(unit);
  const canBuy = stock === 'in' || stock === 'low';
  const max = Math.min(unit?.available ?? MAX_QUANTITY, MAX_QUANTITY);
  const [quantity, setQuantity] = useState(1);
  const qty = Math.max(1, Math.min(quantity, max));

  const images = useMemo(() => {
    const list = [...product.images];
    for (const v of product.variants) if (v.imageUrl && !list.includes(v.imageUrl)) list.push(v.imageUrl);
    return list;
  }, [product]);
  const [imageIndex, setImageIndex] = useState(0);
  const mainImage = variant?.imageUrl ?? images[imageIndex] ?? images[0];

  /** Picking a value keeps the other choices when that combination exists, else the first that does. */
  const pick = (optionIndex: number, value: string) => {
    const next = [...selected];
    next[optionIndex] = value;
    const exact = product.variants.find((v) => same(v.options, next));
    const fallback = product.variants.find((v) => v.options[optionIndex] === value);
    setSelected(exact ? next : (fallback?.options ?? next));
    const chosen = exact ?? fallback;
    if (chosen?.imageUrl) setImageIndex(Math.max(0, images.indexOf(chosen.imageUrl)));
  };

  const add = async () => {
    await cart.add(product.id, variant?.id ?? null, qty);
    trackAddToCart({
      id: variant?.id ?? product.id,
      title: product.title,
      price: unit?.price ?? product.price,
      quantity: qty,
      currency: 'AZN',
    });
  };

  return (
    <div className={css.product}>
      <div className={css.gallery}>
        <div className={css.galleryMain}>
          {mainImage && (
            <img
              src={imageUrl(mainImage, 800)}
              srcSet={imageSrcSet(mainImage)}
              sizes="(max-width: 760px) 100vw, 600px"
              alt={product.title}
              width={800}
              height={800}
              fetchPriority="high"
              data-testid="product-image"
            />
          )}
        </div>
        {images.length > 1 && (
          <div className={css.thumbs} role="group" aria-label={t('storefront.product.images')}>
            {images.map((image, i) => (
              <button
                key={image}
                type="button"
                className={css.thumb}
                aria-pressed={image === mainImage}
                aria-label={t('storefront.product.image', { number: i + 1 })}
                onClick={() => setImageIndex(i)}
              >
                <img src={imageUrl(image, 400)} alt="" loading="lazy" width={72} height={72} />
              </button>
            ))}
          </div>
        )}
      </div>

      <div className={css.buyBox}>
        <h1 data-testid="product-title">{product.title}</h1>
        <Price
          className={css.bigPrice}
          price={unit?.price ?? product.price}
          compareAt={unit ? unit.compareAtPrice : product.compareAtPrice}
        />

        {product.options.map((option, optionIndex) => (
          <fieldset key={option.name} className={css.option}>
            <legend>{option.name}</legend>
            <div className={css.values} role="radiogroup" aria-label={option.name} data-testid="option">
              {option.values.map((value) => {
                const withIt = [...selected];
                withIt[optionIndex] = value;
                const exists = product.variants.find((v) => same(v.options, withIt));
                const soldOut = !exists || stockOf(exists) === 'out';
                return (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    className={css.value}
                    aria-checked={selected[optionIndex] === value}
                    data-unavailable={soldOut}
                    onClick={() => pick(optionIndex, value)}
                    data-testid="option-value"
                  >
                    {value}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}

        <span className={css.stock} data-state={stock} data-testid="stock-state">
          {stock === 'low'
            ? t('storefront.stock.low', { count: unit?.available ?? 0 })
            : t(`storefront.stock.${stock}`)}
        </span>

        <div className={css.actions}>
          <div className={css.stepper}>
            <button
              type="button"
              onClick={() => setQuantity(qty - 1)}
              disabled={qty <= 1}
              aria-label={t('storefront.product.less')}
            >
              −
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={qty}
              onChange={(event) => setQuantity(Number(event.target.value) || 1)}
              aria-label={t('storefront.product.quantity')}
              data-testid="quantity"
            />
            <button
              type="button"
              onClick={() => setQuantity(qty + 1)}
              disabled={qty >= max}
              aria-label={t('storefront.product.more')}
            >
              +
            </button>
          </div>
        </div>
        <div className={css.actions}>
          <button
            type="button"
            className={css.primary}
            disabled={!canBuy || busy}
            data-testid="add-to-cart"
            onClick={async () => {
              try {
                await add();
                cart.showAdded(product.title);
              } catch (error) {
                showError(error);
              }
            }}
          >
            {t('storefront.product.addToCart')}
          </button>
          <button
            type="button"
            className={css.secondary}
            disabled={!canBuy || busy}
            data-testid="buy-now"
            onClick={async () => {
              try {
                await add();
                const checkout = await cart.checkout('BUY_NOW_FAILED');
                await navigate(path(`/checkout/${checkout.id}`));
              } catch (error) {
                const generic = error instanceof CartError && error.messageKey === 'ADD_TO_CART_FAILED';
                showError(generic ? new CartError('BUY_NOW_FAILED') : error);
              }
            }}
          >
            {t('storefront.product.buyNow')}
          </button>
        </div>

        <StoreBundles bundles={bundles} productId={product.id} variantId={variant?.id ?? null} />

        {product.description && (
          <div
            className={css.description}
            data-testid="product-description"
            // Sanitized on the server when saved (decision 004).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML.
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        )}
      </div>
    </div>
  );
}
