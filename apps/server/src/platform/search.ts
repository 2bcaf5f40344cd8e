import type { SQL } from 'drizzle-orm';
import { sql } from '../db/sql-text.js';

/**
 * Search terms in SQL, one way for every list (products, orders, customers, inventory, abandoned
 * checkouts): a term is matched as a substring with LIKE, its own % and _ taken literally.
 */

/** The term with LIKE's wildcards (and the escape character) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Text as searched: lowercase and blind to the dot of i (İ, I, ı and i are one letter to a
 * merchant typing an Azerbaijani name). The same SQL shapes both sides, so the match does not
 * depend on how the server's locale lowercases.
 */
export const folded = (value: SQL) => sql`lower(translate(${value}, 'İIı', 'iii'))`;

/** A search term as a LIKE pattern over folded text (JavaScript's İ arrives as i + a dot). */
export function searchPattern(search: string): string {
  return `%${escapeLike(search.normalize('NFC').replace(/\u0307/g, ''))}%`;
}

/** The digits of a term that looks like a phone number ("10 234 56 78", "+994…"), else null. */
export function phoneDigits(search: string): string | null {
  if (!/^[\d\s()+-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}
