import { z } from 'zod';
import { timestampSchema } from './responses.js';

/**
 * A store's policies (SPEC §3 Policy; issue 15): five kinds, each a title and rich text the
 * merchant writes (or starts from a template in their language, policy-templates.ts). A policy
 * with text is the store's: shoppers find it at /{store}/policies/{type}, in the footer of every
 * page and at checkout; an empty one is not shown.
 */
export const POLICY_TYPES = ['returnAndRefund', 'privacy', 'termsOfService', 'shipping', 'contact'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const POLICY_TITLE_MAX = 120;
/** Characters of the rich text as the editor sends it (markup included). */
export const POLICY_CONTENT_MAX = 100_000;

export const policyTypeSchema = z.enum(POLICY_TYPES, { error: () => 'invalidValue' });

/** PUT /Policy/{marketId}/{type}: a title and the text; an empty text takes the policy off the store. */
export const savePolicySchema = z
  .strictObject({
    title: z.string('required').trim().max(POLICY_TITLE_MAX, 'tooLong'),
    content: z.string('required').max(POLICY_CONTENT_MAX, 'policyTooLong'),
  })
  .refine((v) => v.title.length > 0 || isBlankHtml(v.content), {
    path: ['title'],
    message: 'policyTitleRequired',
  });
export type SavePolicyInput = z.input<typeof savePolicySchema>;

export const policySchema = z.strictObject({
  type: policyTypeSchema,
  title: z.string(),
  /** Sanitized HTML; '' when the store has none. */
  content: z.string(),
  /** Null until first saved. */
  updatedAt: timestampSchema.nullable(),
});
export type Policy = z.infer<typeof policySchema>;

export const policiesSchema = z.array(policySchema);

/** Whether rich text says nothing: no text once the markup is gone ("<p></p>", "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, '')
      .trim() === ''
  );
}
