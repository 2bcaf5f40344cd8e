import { useEditorMarket } from '../../features/catalog/market-param';
import { ORDERS_PATH, OrderDetailsScreen } from '../../features/orders/order-details';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/order-details';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.order');

/** One order, by the address's store and id (SPEC §2 cp/order-details/{marketId}/{orderId}). */
export default function OrderDetailsRoute({ params }: Route.ComponentProps) {
  const { user } = useControlPanel();
  // An order of another of the owner's stores makes that store the managed one.
  const marketId = useEditorMarket(params.marketId, ORDERS_PATH);
  return (
    <OrderDetailsScreen
      key={`${marketId}/${params.orderId}`}
      marketId={marketId}
      orderId={params.orderId}
      timeZone={user.timeZone}
    />
  );
}
