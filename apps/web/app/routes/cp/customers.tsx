import { CustomerList } from '../../features/customers/customer-list';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/customers';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.customers');

/** The chosen store's customers (SPEC §2 cp/customers). */
export default function Customers() {
  const { market, user } = useControlPanel();
  // Another store is another list.
  return <CustomerList key={market.id} marketId={market.id} timeZone={user.timeZone} />;
}
