import { sql as drizzleSql, Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';

/** A statement's text and its parameters, as drizzle's dialect builds them (`sqlToQuery`). */
interface Query {
  sql: string;
  params: unknown[];
}

/**
 * The text and parameters of a `sql` template made only of text, nested templates, plain values
 * and `sql.param`s — the buying path's statements (decision 010) — or undefined for anything else
 * (columns, tables, identifiers, placeholders, inlined params), which drizzle builds.
 *
 * drizzle builds every statement by asking of each of its pieces, in turn, whether it is one of a
 * dozen kinds of its own (`is()`, which walks a value's prototype chain for each kind): a plain
 * value is asked all twelve before it is taken as a parameter. The profile of the checkout steps
 * had that building at 7 % of the server's CPU. The same pieces, read here with two `instanceof`
 * and a `typeof`, give the same text and parameters in the same order ($1, $2 … as drizzle numbers
 * them across nested templates; an array as a parenthesised list of its items).
 */
export function plainQuery(statement: SQL): Query | undefined {
  const query: Query = { sql: '', params: [] };
  return walk(statement.queryChunks, query) ? query : undefined;
}

/**
 * Appends `chunks` to `query`; false at the first piece drizzle must build. A function of the
 * module, not a closure per statement: the server runs through tsx, whose `keepNames` names every
 * function expression as it is made (a `defineProperty` per statement, 1 % of the server's CPU).
 */
function walk(chunks: readonly unknown[], query: Query): boolean {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      query.sql += value.length === 1 ? value[0] : value.join('');
    } else if (chunk instanceof SQL) {
      // `.inlineParams()` sets a flag the type keeps private: drizzle writes those values inline.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !walk(chunk.queryChunks, query)) {
        return false;
      }
    } else if (chunk === undefined) {
      // drizzle writes nothing for it.
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint' ||
      chunk instanceof Date
    ) {
      query.params.push(chunk);
      query.sql += `$${query.params.length}`;
    } else if (chunk instanceof Param && !(chunk.value instanceof Placeholder)) {
      // `sql.param(value)` (an array sent as one PostgreSQL array): its encoder's value.
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) return false;
      query.params.push(value);
      query.sql += `$${query.params.length}`;
    } else if (Array.isArray(chunk)) {
      query.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) query.sql += ', ';
        if (!walk([chunk[i]], query)) return false;
      }
      query.sql += ')';
    } else {
      return false;
    }
  }
  return true;
}

type SqlToQuery = (statement: SQL, invokeSource?: unknown) => Query;

/**
 * Builds `db`'s plain `sql` templates with plainQuery (what `db.execute` and its transactions
 * run), everything else as drizzle does. The dialect is shared by the database and its
 * transactions, so this covers both.
 */
export function buildPlainTemplatesFast(db: unknown): void {
  const dialect = (db as { dialect: { sqlToQuery: SqlToQuery } }).dialect;
  const drizzleBuild = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) =>
    (invokeSource === undefined ? plainQuery(statement) : undefined) ?? drizzleBuild(statement, invokeSource);
}

/** Each template's text pieces, made once: a call site's strings are one object for every call. */
const templateChunks = new WeakMap<TemplateStringsArray, StringChunk[]>();

/**
 * drizzle's `sql` template tag, made for less: the same SQL object (the same pieces, in the same
 * order; `sql.join`, `sql.raw`, `sql.param` … are drizzle's own), without the look through every
 * piece for tables that drizzle's constructor does (`is(chunk, Table)`, a walk of each piece's
 * prototype chain, for a query cache this server does not use), and with the text pieces of each
 * template made once. drizzle's tag and that look were 3.8 % of the server's CPU on the checkout
 * steps. The server's code imports `sql` from here; tests may use drizzle's, which is the same.
 */
function template<T>(strings: TemplateStringsArray, ...params: unknown[]): SQL<T> {
  let texts = templateChunks.get(strings);
  if (texts === undefined) {
    texts = strings.map((text) => new StringChunk(text));
    templateChunks.set(strings, texts);
  }
  // As drizzle: a template with no values and empty text has no pieces at all.
  const chunks: unknown[] = params.length > 0 || (strings.length > 0 && strings[0] !== '') ? [texts[0]] : [];
  for (let i = 0; i < params.length; i++) chunks.push(params[i], texts[i + 1]);
  const statement = new SQL<T>([]);
  (statement as unknown as { queryChunks: unknown[] }).queryChunks = chunks;
  return statement;
}

export const sql: typeof drizzleSql = Object.assign(template, drizzleSql);
