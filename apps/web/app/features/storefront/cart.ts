import type { Basket, Checkout, MessageKey } from '@shop/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { storedVisitorId, visitorId } from '../../lib/visitor';
import { basketApi } from './cart-api';

export interface CartState {
  basket: Basket | null;
  /** The first load of a returning visitor's basket. */
  loading: boolean;
  /** SPEC §3 Cart state. */
  isCartOpen: boolean;
  /** The title of the product just added, said at the top of the drawer (it opened to show it). */
  added: string | null;
  /** A change in flight (buttons wait for it). */
  busy: boolean;
}

/** A failed cart action, with the catalogue message (SPEC §8 Storefront) to show. */
export class CartError extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

/** The specific message when the server named one a shopper can act on; else the action's. */
function messageOf(error: unknown, fallback: MessageKey): MessageKey {
  if (error instanceof ApiError) {
    const named: MessageKey[] = [
      'OUT_OF_STOCK',
      'BASKET_EMPTY',
      'invalidQuantity',
      'INVALID_SESSION_OR_STORE',
      'INVALID_SESSION_MARKET_PRODUCT',
      'OFFER_ENDED',
    ];
    if (named.includes(error.code)) {
      return error.code;
    }
    if (error.code === 'VALIDATION_FAILED' && Object.keys(error.fields).length) {
      return Object.values(error.fields)[0]?.code ?? fallback;
    }
  }
  return fallback;
}

/**
 * The cart of one store for this visitor: the basket of (market, uniqueCode) on the server,
 * mirrored here. A small external store instead of a query library: the storefront's
 * JavaScript budget is small.
 */
export class Cart {
  private state: CartState = { basket: null, loading: false, isCartOpen: false, added: null, busy: false };
  private readonly listeners = new Set<() => void>();

  constructor(readonly marketId: string) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(change: Partial<CartState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  open = () => this.set({ isCartOpen: true, added: null });
  close = () => this.set({ isCartOpen: false, added: null });
  /** Opens the drawer on what was just added: the drawer itself confirms it, no notice over it. */
  showAdded = (title: string) => this.set({ isCartOpen: true, added: title });

  /** A returning visitor's basket; a first visit has none and asks nothing (no fingerprint). */
  async load(): Promise<void> {
    const code = storedVisitorId();
    if (!code) return;
    this.set({ loading: true });
    try {
      this.set({ basket: await basketApi.get(this.marketId, code), loading: false });
    } catch (error) {
      this.set({ loading: false });
      throw new CartError(messageOf(error, 'ERROR_LOADING_CART'));
    }
  }

  private async change(work: (code: string) => Promise<Basket>, fallback: MessageKey): Promise<Basket> {
    this.set({ busy: true });
    try {
      const basket = await work(await visitorId());
      this.set({ basket, busy: false });
      return basket;
    } catch (error) {
      this.set({ busy: false });
      throw new CartError(messageOf(error, fallback));
    }
  }

  add(productId: string, variantId: string | null, quantity: number) {
    return this.change(
      (uniqueCode) => basketApi.add({ marketId: this.marketId, uniqueCode, productId, variantId, quantity }),
      'ADD_TO_CART_FAILED',
    );
  }

  setQuantity(basketItemId: string, quantity: number) {
    return this.change(
      (uniqueCode) => basketApi.update({ marketId: this.marketId, uniqueCode, basketItemId, quantity }),
      'UPDATE_QUANTITY_FAILED',
    );
  }

  remove(basketItemId: string) {
    return this.change((uniqueCode) => basketApi.remove(this.marketId, uniqueCode, basketItemId), 'REMOVE_ITEM_FAILED');
  }

  /** One of each of a bundle's products, with the variants chosen of those that have options. */
  addBundle(bundleId: string, variants: Record<string, string>) {
    return this.change(
      (uniqueCode) => basketApi.addBundle({ marketId: this.marketId, uniqueCode, bundleId, variants }),
      'ADD_TO_CART_FAILED',
    );
  }

  /** The visitor took the store's pop-up offer: its percent comes off the cart. */
  acceptPopup(popupId: string) {
    return this.change(
      (uniqueCode) => basketApi.acceptPopup({ marketId: this.marketId, uniqueCode, popupId }),
      'INTERNAL',
    );
  }

  /** Starts checkout (stock is held for a while): the checkout to go to. */
  async checkout(fallback: MessageKey = 'CHECKOUT_FAILED'): Promise<Checkout> {
    this.set({ busy: true });
    try {
      const checkout = await basketApi.checkout(this.marketId, await visitorId());
      this.set({ busy: false, isCartOpen: false });
      return checkout;
    } catch (error) {
      this.set({ busy: false });
      throw new CartError(messageOf(error, fallback));
    }
  }
}

export const CartContext = createContext<Cart | null>(null);

export function useCart(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart outside a store');
  return cart;
}

export function useCartState(): CartState {
  const cart = useCart();
  return useSyncExternalStore(cart.subscribe, cart.getState, cart.getState);
}
