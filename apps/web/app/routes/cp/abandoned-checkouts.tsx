import { AbandonedCheckoutList } from '../../features/abandoned/abandoned-list';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/abandoned-checkouts';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.abandonedCheckouts');

/** The chosen store's abandoned checkouts and their reminder e-mail (SPEC §2 cp/abandoned-checkouts). */
export default function AbandonedCheckouts() {
  const { market, user } = useControlPanel();
  return <AbandonedCheckoutList key={market.id} marketId={market.id} timeZone={user.timeZone} />;
}
