import {
  isBlankHtml,
  POLICY_TYPES,
  type Policy,
  type PolicyType,
  type SavePolicyInput,
  savePolicySchema,
} from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { policies } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type PolicyRow = typeof policies.$inferSelect;

/**
 * A store's policies (SPEC §3; issue 15): the owner writes them; the storefront shows those with
 * text (its footer, their pages, the checkout) — so a change starts the store's cached pages
 * again.
 */
export class PolicyService {
  constructor(private readonly ctx: AppContext) {}

  /** All five kinds, in their order, an unsaved one empty. */
  async list(marketId: string): Promise<Policy[]> {
    const rows = await this.ctx.db.select().from(policies).where(eq(policies.marketId, marketId));
    const byType = new Map(rows.map((row) => [row.type, row]));
    return POLICY_TYPES.map((type) => toView(type, byType.get(type)));
  }

  /** Saves one kind, its text sanitized; a text that says nothing is kept as none. */
  async save(marketId: string, type: PolicyType, input: SavePolicyInput): Promise<Policy> {
    const data = savePolicySchema.parse(input);
    const cleaned = sanitizeRichText(data.content);
    const content = isBlankHtml(cleaned) ? '' : cleaned;
    const values = { title: data.title, content, updatedAt: new Date() };
    const [row] = await this.ctx.db
      .insert(policies)
      .values({ marketId, type, ...values })
      .onConflictDoUpdate({ target: [policies.marketId, policies.type], set: values })
      .returning();
    await bumpCatalogVersion(this.ctx, marketId);
    return toView(type, row);
  }

  /** One kind as shoppers see it: null when the store has no text for it. */
  async published(marketId: string, type: PolicyType): Promise<Policy | null> {
    const [row] = await this.ctx.db
      .select()
      .from(policies)
      .where(and(eq(policies.marketId, marketId), eq(policies.type, type), sql`${policies.content} <> ''`));
    return row ? toView(type, row) : null;
  }
}

function toView(type: PolicyType, row: PolicyRow | undefined): Policy {
  return {
    type,
    title: row?.title ?? '',
    content: row?.content ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
