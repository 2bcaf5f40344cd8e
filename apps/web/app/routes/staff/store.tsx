import { StoreLedger } from '../../features/staff/store-ledger';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import type { Route } from './+types/store';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.store');

/** One store's balances and adjustments, and the form that adds one. */
export default function StaffStore({ params }: Route.ComponentProps) {
  const { user } = useStaffArea();
  // Another store is another form: its request id and values start afresh.
  return <StoreLedger key={params.marketId} marketId={params.marketId} timeZone={user.timeZone} />;
}
