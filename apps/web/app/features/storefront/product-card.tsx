import { imageSrcSet, imageUrl, type StoreProductCard } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useStorePath } from '../../lib/store-context';
import { Price } from '../../ui/price';
import { StoreLink } from './store-link';
import css from './storefront.module.css';

export function ProductCard({ product, eager = false }: { product: StoreProductCard; eager?: boolean }) {
  const { t } = useTranslation();
  const path = useStorePath();
  return (
    <StoreLink to={path(`/product/${product.id}`)} className={css.card} data-testid="product-card" prefetch="intent">
      <div className={css.cardImage}>
        {product.imageUrl && (
          <img
            src={imageUrl(product.imageUrl, 400)}
            srcSet={imageSrcSet(product.imageUrl)}
            sizes="(max-width: 600px) 50vw, 240px"
            alt={product.title}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            width={400}
            height={400}
          />
        )}
        {!product.inStock && <span className={css.soldOut}>{t('storefront.stock.out')}</span>}
      </div>
      <span className={css.cardTitle} data-testid="product-card-title">
        {product.title}
      </span>
      <Price price={product.price} compareAt={product.compareAtPrice} from={product.variantCount > 1} />
    </StoreLink>
  );
}

/**
 * A grid of product cards. The first row's pictures load at once when the grid opens the page (a
 * list, a search); a grid further down a store's home (`eager` 0) loads them as the shopper
 * scrolls, so they do not share a phone's first second with the pictures above them.
 */
export function ProductGrid({ products, eager = 4 }: { products: StoreProductCard[]; eager?: number }) {
  const { t } = useTranslation();
  if (products.length === 0) {
    return (
      <p className={css.empty} data-testid="no-products">
        {t('storefront.list.empty')}
      </p>
    );
  }
  return (
    <div className={css.grid} data-testid="product-grid">
      {products.map((product, i) => (
        <ProductCard key={product.id} product={product} eager={i < eager} />
      ))}
    </div>
  );
}
