import type { MarketView, UserView } from '@shop/shared';
import { createContext, useContext } from 'react';

/** What every control-panel screen works with: the signed-in owner and the chosen store. */
export interface ControlPanel {
  user: UserView;
  /** All of the owner's stores, oldest first. */
  markets: MarketView[];
  /** The store being managed (SPEC §3 chooseMarket). */
  market: MarketView;
  /** Makes another of the owner's stores the managed one. */
  switchMarket: (market: MarketView) => void;
}

export const ControlPanelContext = createContext<ControlPanel | null>(null);

/** The control panel's user and store; only inside routes/cp/layout.tsx. */
export function useControlPanel(): ControlPanel {
  const panel = useContext(ControlPanelContext);
  if (!panel) throw new Error('useControlPanel is used outside the control-panel layout');
  return panel;
}
