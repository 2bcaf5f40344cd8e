import { CustomerDetailsPage } from '../../features/customers/customer-details';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/customer';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.customer');

/** One customer of a store, by the address's store and id (cp/customers/{marketId}/{id}). */
export default function Customer({ params }: Route.ComponentProps) {
  const { user } = useControlPanel();
  return (
    <CustomerDetailsPage
      key={`${params.marketId}/${params.id}`}
      marketId={params.marketId}
      id={params.id}
      timeZone={user.timeZone}
    />
  );
}
