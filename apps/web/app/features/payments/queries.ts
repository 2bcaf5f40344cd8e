import type { PaymentSettings } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /PaymentSettings/{marketId}: the card provider the store takes payment through, and its methods. */
export const paymentSettingsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'payment-settings', marketId],
    queryFn: () => apiGet<PaymentSettings>(`/PaymentSettings/${marketId}`),
    staleTime: 60_000,
  });
