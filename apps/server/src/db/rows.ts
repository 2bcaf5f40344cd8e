import { type Column, getTableColumns, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from './client.js';
import { sql } from './sql-text.js';

/**
 * A table's whole row in hand-written SQL. Building a statement with drizzle's query builder costs
 * 50–170 µs of the server's CPU (more than PostgreSQL takes to run it); a `sql` template costs a
 * few. The buying path (checkout, placing, paying: dozens of statements per order) writes its
 * statements as templates and reads their rows through a shape: `shape.columns` (or
 * `shape.columnsOf(alias)`) lists every column for a select or a returning clause, and
 * `shape.read(row)` answers what the query builder would have: camelCase keys, dates as `Date`,
 * JSON parsed. Rows aggregated with `json_agg(alias)` read the same way.
 */
export interface RowShape<T> {
  columns: SQL;
  columnsOf(alias: string): SQL;
  read(row: Record<string, unknown>): T;
  /** The rows of `db.execute(…)`, read. */
  rows(result: unknown): T[];
}

export function rowShape<T extends PgTable>(table: T): RowShape<T['$inferSelect']> {
  // The schema names columns by their keys and the database uses snake_case (client.ts casing).
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const c = column as Column & { keyAsName?: boolean };
    return { key, name: c.keyAsName === false ? c.name : toSnakeCase(c.name), column: c };
  });
  const list = (prefix: string) => sql.raw(fields.map((f) => `${prefix}"${f.name}"`).join(', '));
  const columns = list('');
  const read = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const { key, name, column } of fields) {
      const value = row[name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  };
  return {
    columns,
    columnsOf: (alias) => list(`"${alias}".`),
    read,
    rows: (result) => rowsOf<Record<string, unknown>>(result).map(read),
  };
}
