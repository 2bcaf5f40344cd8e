import type { ExportFormat } from '@shop/shared';
import { minorToDecimal } from '@shop/shared';
import writeExcelFile from 'write-excel-file/node';
import { csvFile, localIso } from './csv.js';

/** A cell of an export: text, an amount in qəpik, or an instant (empty when null). */
export type SheetCell = string | { money: number } | { time: Date | string | null };

export interface SheetFile {
  body: Buffer | string;
  contentType: string;
  extension: ExportFormat;
}

/**
 * An export as CSV (through csv.ts: formula-safe, with a byte-order mark) or XLSX (amounts as
 * numbers with two decimals, instants as dates a spreadsheet can sort and sum by) — the same
 * columns and rows either way. Times are local, `offset` hours east of UTC (a spreadsheet's dates
 * have no zone).
 */
export async function sheetFile<Column extends string>(
  format: ExportFormat,
  columns: readonly Column[],
  rows: Record<Column, SheetCell>[],
  offset: number,
): Promise<SheetFile> {
  if (format === 'csv') {
    const text = (cell: SheetCell): string => {
      if (typeof cell === 'string') return cell;
      if ('money' in cell) return minorToDecimal(cell.money);
      return cell.time === null ? '' : localIso(cell.time, offset);
    };
    const records = rows.map(
      (row) => Object.fromEntries(columns.map((c) => [c, text(row[c])])) as Record<Column, string>,
    );
    return { body: csvFile(records, columns), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  }
  const cell = (value: SheetCell) => {
    if (typeof value === 'string') return { value, type: String };
    if ('money' in value) return { value: value.money / 100, type: Number, format: '#,##0.00' };
    if (value.time === null) return null;
    // The wall-clock time as if it were UTC: what the spreadsheet shows is the local time.
    const local = new Date(new Date(value.time).getTime() + offset * 3_600_000);
    return { value: local, type: Date, format: 'yyyy-mm-dd hh:mm' };
  };
  const header = columns.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const }));
  const data = [header, ...rows.map((row) => columns.map((c) => cell(row[c])))];
  const columnWidths = columns.map(() => ({ width: 18 }));
  const body = await writeExcelFile(data as never, { columns: columnWidths }).toBuffer();
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
