import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders } from './schema/index.js';
import { plainQuery } from './sql-text.js';

/** drizzle's own build of a statement, which plainQuery must give exactly. */
const dialect = new PgDialect({ casing: 'snake_case' });
const drizzleBuild = (statement: ReturnType<typeof sql>) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
};

describe('plain sql templates built without drizzle (db/sql-text.ts)', () => {
  it('gives the text and parameters drizzle gives, numbered across nested templates', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const nested = sql`(select count(*) from order_items i where i.order_id = ${'o-1'} and i.quantity > ${2})`;
    const statements = [
      sql`select 1`,
      sql``,
      sql`select ${nested} as n, ${null} as nothing, ${true} as yes, ${12.5} as price${undefined} from orders`,
      sql`update orders set paid_at = ${at}, note = ${"it's"} where id in ${['a', 'b', 'c']} and market_id = ${'m'}`,
      sql`delete from basket_items where id = any(${sql.param(['x', 'y'])}::uuid[]) and n = ${sql.param(3)}`,
      sql.join([sql`a = ${1}`, sql`b = ${2}`, sql.raw('c is null')], sql` and `),
      sql`with x as (${sql`select ${sql`${'deep'}::text`} as v`}) select v, ${BigInt(9)} from x`,
    ];
    for (const statement of statements) expect(plainQuery(statement)).toEqual(drizzleBuild(statement));
  });

  it('leaves to drizzle what it does not know: columns, tables, identifiers, placeholders, inlined params', () => {
    expect(plainQuery(sql`select ${orders.id} from orders`)).toBeUndefined();
    expect(plainQuery(sql`select * from ${orders}`)).toBeUndefined();
    expect(plainQuery(sql`select * from ${sql.identifier('orders')}`)).toBeUndefined();
    expect(plainQuery(sql`select ${sql.placeholder('id')}`)).toBeUndefined();
    expect(plainQuery(sql`select ${sql`${1}`.inlineParams()}`)).toBeUndefined();
    expect(plainQuery(sql`select ${{ an: 'object' }}`)).toBeUndefined();
  });
});

describe('the sql tag of db/sql-text.ts', () => {
  it('makes what drizzle’s makes: the same text and parameters, its helpers alike', async () => {
    const { sql: fast } = await import('./sql-text.js');
    const at = new Date('2026-11-28T10:00:00Z');
    const pairs = [
      [fast``, sql``],
      [fast`select 1`, sql`select 1`],
      [fast`${1}`, sql`${1}`],
      [fast`select ${fast`${'a'}::text`}, ${at}, ${[1, 2]}`, sql`select ${sql`${'a'}::text`}, ${at}, ${[1, 2]}`],
      [
        fast`select ${orders.id} from ${orders} where ${fast.join([fast`a = ${1}`, fast.raw('b')], fast` and `)}`,
        sql`select ${orders.id} from ${orders} where ${sql.join([sql`a = ${1}`, sql.raw('b')], sql` and `)}`,
      ],
    ] as const;
    for (const [ours, theirs] of pairs) {
      expect(ours.queryChunks.length).toBe(theirs.queryChunks.length);
      expect(drizzleBuild(ours)).toEqual(drizzleBuild(theirs));
    }
    // The same call site twice: its text pieces are shared, its values its own.
    const twice = [1, 2].map((n) => fast`select ${n}`);
    expect(twice.map((s) => drizzleBuild(s).params)).toEqual([[1], [2]]);
  });
});
