import type { AnalyticsIds, Checkout, PublicMarket } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';
import { trackPurchase } from '../../lib/analytics/commerce';
import { AnalyticsPixels } from '../../lib/analytics/pixels';
import { countStorePage } from '../../lib/analytics/track';
import { apiGet } from '../../lib/api';
import { languageOf } from '../../lib/i18n';
import { useStore } from '../../lib/store-context';
import css from './checkout.module.css';
import { PaymentResult } from './payment-result';

/**
 * The payment result in the store's frame on a custom domain, on a plain page otherwise. A
 * paid order is reported to the store's analytics pixels once: the frame has them mounted;
 * on a plain page they are mounted here, for the order's store.
 */
export function PaymentResultPage({ outcome, language }: { outcome: 'success' | 'failed'; language: string }) {
  const store = useStore();
  const [paid, setPaid] = useState<{ order: Checkout; ids: AnalyticsIds | null } | null>(null);
  const onPaid = useCallback(
    async (order: Checkout) => {
      let ids: AnalyticsIds | null = null;
      if (!store) {
        // The public store carries its pixel ids.
        ids = await apiGet<PublicMarket>(`/Market/get-store-by-name/${encodeURIComponent(order.marketName)}`).catch(
          () => null,
        );
      }
      setPaid({ order, ids });
    },
    [store],
  );
  // A page view of the order's store. In the store's frame (a custom domain) the server counted
  // the document already; on a plain page the store is known only now.
  const onOrder = useCallback(
    (order: Checkout) => {
      if (!store) countStorePage(order.marketId);
    },
    [store],
  );
  const result = (
    <>
      <PaymentResult outcome={outcome} language={languageOf(language)} onPaid={onPaid} onOrder={onOrder} />
      {paid && <PurchaseReport order={paid.order} ids={paid.ids} />}
    </>
  );
  return store ? result : <main className={css.standalone}>{result}</main>;
}

/** The pixels (when this page has to load them) start before the purchase is sent. */
function PurchaseReport({ order, ids }: { order: Checkout; ids: AnalyticsIds | null }) {
  useEffect(() => {
    trackPurchase({
      orderId: order.id,
      value: order.total,
      currency: 'AZN',
      items: order.items.map((line) => ({
        id: line.variantId ?? line.productId ?? line.id,
        title: line.title,
        price: line.unitPrice,
        quantity: line.quantity,
      })),
    });
  }, [order]);
  return ids ? <AnalyticsPixels ids={ids} /> : null;
}
