/**
 * An id of ours as PostgreSQL reads a uuid: 8-4-4-4-12 hex digits, any case. The server checks a
 * path's id with it before a query (a malformed id is 404, never a database error), the browser
 * before it sends one from a link.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
