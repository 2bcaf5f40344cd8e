import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';

/**
 * An editor's address names its store (edit-…/{marketId}/{id}, SPEC §2). Opened for another of
 * the owner's stores, that store becomes the managed one; when the owner later switches store,
 * the item no longer belongs to the panel's store, so the editor gives way to the list.
 */
export function useEditorMarket(marketId: string, listPath: string): string {
  const { market, markets, switchMarket } = useControlPanel();
  const navigate = useNavigate();
  // The store being switched to for this address, until the panel has it.
  const adopting = useRef<string | null>(null);
  // Whether the panel has managed this address's store since the editor opened.
  const settled = useRef(false);
  useEffect(() => {
    if (market.id === marketId) {
      adopting.current = null;
      settled.current = true;
      return;
    }
    if (adopting.current === marketId) return;
    const owned = markets.find((m) => m.id === marketId);
    if (!settled.current && owned) {
      adopting.current = marketId;
      switchMarket(owned);
      return;
    }
    void navigate(listPath, { replace: true });
  }, [market.id, marketId, markets, switchMarket, navigate, listPath]);
  return marketId;
}
