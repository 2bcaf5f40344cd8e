import type { InventoryRow } from '@shop/shared';
import type { TFunction } from 'i18next';
import { formatDate, intlTimeZone } from '../../lib/display';

/**
 * Whole minutes until the last hold of a SKU ends, at least one — as the server counts them for
 * STOCK_HELD (product/stock.ts minutesLeft), so that the sentence said before asking is the one
 * the server would answer.
 */
export function minutesLeft(heldUntil: string | null, now = Date.now()): number {
  return heldUntil ? Math.max(1, Math.ceil((new Date(heldUntil).getTime() - now) / 60_000)) : 1;
}

/** "14:05" in the merchant's time zone (GMT±N of their profile). */
export function holdTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: intlTimeZone(timeZone),
  }).format(new Date(iso));
}

/** "12 mart 2026, 14:05": when the holds end, in the merchant's language and time zone. */
export function holdMoment(iso: string, language: string, timeZone: string, t: TFunction): string {
  return t('catalog.held.dateTime', { date: formatDate(iso, language, timeZone, t), time: holdTime(iso, timeZone) });
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
