import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV the product writes goes through here, so that no export can carry a formula.
 *
 * Text a merchant or a shopper typed may start like a formula ("=HYPERLINK(…)", "+cmd|…",
 * "@SUM(…)"): a spreadsheet opening the file would run it. Such a cell is written with a leading
 * apostrophe, which spreadsheets show as text; plain numbers ("-5.00", "+994102345678") are left
 * as they are. Import reads the apostrophe back off (readCell), so an export imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

export function safeCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as imported: the apostrophe safeCell put in front of a formula-like text comes off. */
export function readCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1))
    ? text.slice(1)
    : text;
}

/** CSV rows (no header) of `columns`, every text cell made safe. */
export function csvRows<Column extends string>(records: Record<Column, string>[], columns: readonly Column[]): string {
  return stringify(records, { columns: [...columns], cast: { string: safeCell } });
}

/**
 * The header line, with a byte-order mark so that spreadsheet programs read Azerbaijani
 * letters as UTF-8.
 */
export function csvHeader(columns: readonly string[]): string {
  return `\uFEFF${stringify([], { header: true, columns: [...columns] })}`;
}

/** A whole CSV file: header and rows. */
export function csvFile<Column extends string>(records: Record<Column, string>[], columns: readonly Column[]): string {
  return csvHeader(columns) + csvRows(records, columns);
}

/** An instant as local time `offset` hours east of UTC, ISO 8601 with its offset (2026-11-25T16:00:00+04:00). */
export function localIso(value: Date | string, offset: number): string {
  const shifted = new Date(new Date(value).getTime() + offset * 3_600_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${shifted}${sign}${String(Math.abs(offset)).padStart(2, '0')}:00`;
}
