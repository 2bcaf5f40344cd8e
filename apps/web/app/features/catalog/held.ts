import type { InventoryRow } from '@shop/shared';

/**
 * Whole minutes until the last hold of a SKU ends, at least one — as the server counts them for
 * STOCK_HELD (product/stock.ts minutesLeft), so that the sentence said before asking is the one
 * the server would answer.
 */
export function minutesLeft(heldUntil: string | null, now = Date.now()): number {
  return heldUntil ? Math.max(1, Math.ceil((new Date(heldUntil).getTime() - now) / 60_000)) : 1;
}

/**
 * Whether taking `units` off the SKU's on-hand count leaves it below what checkouts hold: the
 * server refuses that (STOCK_HELD) when the count limits sales. A hold already past its end is
 * left to the server, which gives it back within a minute.
 */
export function belowHeld(row: InventoryRow, units: number, now = Date.now()): boolean {
  if (row.available === null || row.held <= 0) return false;
  if (row.heldUntil && new Date(row.heldUntil).getTime() <= now) return false;
  return row.stock - units < row.held;
}
