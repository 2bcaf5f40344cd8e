import type { Readable } from 'node:stream';
import { envelope, errorBodySchema } from '@shop/shared';
import { z } from 'zod';

/**
 * The `response` of a route's schema (DESIGN §3 "request *and response* schemas"): what each
 * status answers, for /api/docs and for the serialiser (platform/serializer.ts).
 */

/** Every route may fail: the error envelope, for client errors and for the server's own. */
export const failures = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** `{ data }` with 200. */
export function ok<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), ...failures };
}

/** `{ data }` with 201: something was made. */
export function created<T extends z.ZodType>(data: T) {
  return { 201: envelope(data), ...failures };
}

/**
 * A text answer of one content type (a CSV file, a page), as the OpenAPI document shows it. The
 * route sends the text, or streams it (a long export): either way it is not serialised.
 */
export function textOf(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: textSchema } } };
}
const textSchema = z.string() as unknown as z.ZodType<string | Readable>;

/** No body (204, a redirect). */
export const noContent = z.null();
