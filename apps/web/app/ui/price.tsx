import { formatMoney } from '@shop/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import css from './price.module.css';

/** Money as the page's language writes it (1999 → "19,99 ₼"). */
export function useMoney(): (minor: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((minor: number) => formatMoney(minor, language), [language]);
}

/** A price with its compare-at price struck through when that is higher (a sale). */
export function Price({
  price,
  compareAt,
  from = false,
  className,
}: {
  price: number;
  compareAt?: number | null;
  from?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const sale = compareAt != null && compareAt > price;
  return (
    <span className={`${css.price} ${className ?? ''}`} data-testid="price">
      <span className={sale ? css.sale : undefined}>
        {from ? t('storefront.product.from', { price: money(price) }) : money(price)}
      </span>
      {sale && (
        <s className={css.compareAt} data-testid="compare-at">
          <span className={css.visuallyHidden}>{t('storefront.product.compareAt')} </span>
          {money(compareAt)}
        </s>
      )}
    </span>
  );
}
