import type { PopupView } from '@shop/shared';
import { type ComponentType, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { useCart, useCartState } from './cart';
import { offersApi } from './cart-api';
import type { PopupDialogProps } from './popup-dialog';

/** How long a visitor browses before the store's pop-up offer opens. */
const DELAY_MS = 4000;
/** Where it never opens: the checkout and the payment results (on a store's custom domain). */
const NO_POPUP = /\/checkout\/|^\/(?:card-)?(?:success|failed)$/;

function seenIds(): string[] {
  try {
    return sessionStored.get(sessionKeys.popupsSeen)?.split(' ') ?? [];
  } catch {
    return [];
  }
}

function markSeen(id: string) {
  try {
    sessionStored.set(sessionKeys.popupsSeen, [...seenIds(), id].join(' '));
  } catch {
    // Storage refused (a private window): it may show again on the next page load.
  }
}

/**
 * The store's live pop-up (SPEC §3 Pop-up, decision 018): once per visitor session, a few seconds
 * after the store opens, never over the checkout or the cart. The offer is read then, and the
 * dialog's code loaded only when there is one to show — nothing of it is in a page's first load.
 */
export function StorePopup({ storeId }: { storeId: string }) {
  const cart = useCart();
  const { isCartOpen } = useCartState();
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<{ popup: PopupView; Dialog: ComponentType<PopupDialogProps> } | null>(null);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const popup = await offersApi.popup(storeId);
        // Accepted already (a pop-up taken before this session): nothing to offer.
        if (!popup || stopped || seenIds().includes(popup.id) || cart.getState().basket?.discount?.id === popup.id) {
          return;
        }
        const { PopupDialog } = await import('./popup-dialog');
        if (!stopped) setOffer({ popup, Dialog: PopupDialog });
      } catch {
        // No offer read: the store simply shows none.
      }
    }, DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [storeId, cart]);

  const showing = offer !== null && !closed && !isCartOpen && !NO_POPUP.test(pathname);
  useEffect(() => {
    if (showing) markSeen(offer.popup.id);
  }, [showing, offer]);

  if (!showing) return null;
  return <offer.Dialog popup={offer.popup} onClose={() => setClosed(true)} />;
}
