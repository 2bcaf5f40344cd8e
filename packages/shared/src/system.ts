import { z } from 'zod';
import { idSchema, timestampSchema } from './responses.js';

/** The deployment itself (SPEC §7 does not name these calls; DESIGN §1 adds them). */

/**
 * GET /health: 200 while the database answers, 503 when it does not. `disk` only in embedded
 * mode: "low" when writes are refused for want of space.
 */
export const healthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  database: z.strictObject({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['ok', 'unreachable']) }),
  disk: z.strictObject({ status: z.enum(['ok', 'low']) }).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /config: what the web needs to know about this deployment before anyone signs in. */
export const publicConfigSchema = z.strictObject({
  googleClientId: z.string().nullable(),
  googleAuthorizeUrl: z.string().nullable(),
  /** Whether the dev mailbox answers this caller. */
  devMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /Dev/mailbox: one mail of the outbox (newest first). */
export const outboxMailSchema = z.strictObject({
  id: idSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: timestampSchema,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
