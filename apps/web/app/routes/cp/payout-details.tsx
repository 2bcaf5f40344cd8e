import { useEditorMarket } from '../../features/catalog/market-param';
import { BALANCE_PAYOUT_PATH } from '../../features/payouts/format';
import { PayoutDetailsScreen } from '../../features/payouts/payout-details';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/payout-details';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.payoutDetails');

/** One payout, by the address's store and id (SPEC §2 cp/payout-details/{marketId}/{id}). */
export default function PayoutDetailsRoute({ params }: Route.ComponentProps) {
  const { user } = useControlPanel();
  // A payout of another of the owner's stores makes that store the managed one.
  const marketId = useEditorMarket(params.marketId, BALANCE_PAYOUT_PATH);
  return (
    <PayoutDetailsScreen
      key={`${marketId}/${params.id}`}
      marketId={marketId}
      payoutId={params.id}
      timeZone={user.timeZone}
    />
  );
}
