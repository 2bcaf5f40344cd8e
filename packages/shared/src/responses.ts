import { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * The pieces every response schema is built of (DESIGN §4 "Envelope"). Each route of the API
 * declares what it answers with these schemas: the OpenAPI document at /api/docs shows them, the
 * server serialises through them (decision 015), and the web's types are inferred from them.
 * They describe what the server writes, so they carry no messages and no transforms.
 */

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** A success: `{ "data": … }`. One schema object per data schema, so serialisers are shared. */
export function envelope<T extends z.ZodType>(data: T): z.ZodObject<{ data: T }, z.core.$strict> {
  let wrapped = envelopes.get(data);
  if (!wrapped) {
    wrapped = z.strictObject({ data });
    envelopes.set(data, wrapped);
  }
  return wrapped as z.ZodObject<{ data: T }, z.core.$strict>;
}

/** What `{ data: T }` of a schema is, for callers that name the envelope itself. */
export type Envelope<T extends z.ZodType> = { data: z.infer<T> };

/** A uuid the database made. */
export const idSchema = z.uuid();
/** An instant, as `Date.toISOString()` writes it (UTC). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** A calendar day, YYYY-MM-DD. */
export const daySchema = z.iso.date();
/** A whole number: counts, and money in qəpik. */
export const intSchema = z.int();
/** The only currency (SPEC: AZN). */
export const currencySchema = z.literal('AZN');
/**
 * A key of the message catalogue (messages.ts). Written as a plain string in the document: the
 * catalogue is too long to list in every schema, and the keys are documented there.
 */
export const messageKeySchema = z.string() as unknown as z.ZodType<MessageKey>;
/** Figures a message names, e.g. STOCK_HELD's `held` and `minutes`. */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** DELETE answers: what was deleted. */
export const deletedSchema = z.strictObject({ id: idSchema, deleted: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;

/**
 * The `page` and `pageSize` of a list's query string: whole numbers from 1, the page at most
 * 100,000, the size at most the list's own `max` (its `default` when absent).
 */
export function pageQuery(size: { default: number; max: number }) {
  const whole = (max: number) =>
    z.coerce.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(max, 'invalidValue');
  return { page: whole(100_000).default(1), pageSize: whole(size.max).default(size.default) };
}
