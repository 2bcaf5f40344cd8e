import { OrderList } from '../../features/orders/order-list';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.orders');

/** The chosen store's orders (SPEC §2 cp/orders), in the sidebar's views: all, unfulfilled, open, closed. */
export default function Orders() {
  const { market, user } = useControlPanel();
  // Another store is another list.
  return <OrderList key={market.id} marketId={market.id} timeZone={user.timeZone} />;
}
