import { ThemeEditor } from '../../features/theme/editor';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/customize-store';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.customizeStore');

/** Customize store (SPEC §2 cp/customize-store; issue 16): the theme editor with its live preview. */
export default function CustomizeStore() {
  const { market } = useControlPanel();
  // A switch of store opens that store's editor afresh.
  return <ThemeEditor key={market.id} marketId={market.id} marketName={market.name} />;
}
