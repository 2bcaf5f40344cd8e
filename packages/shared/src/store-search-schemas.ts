import { z } from 'zod';
import { idSchema, intSchema } from './responses.js';
import type { SearchSuggestions } from './store-search.js';

/** GET /Storefront/search-suggestions (issue 16): any term is taken (too short: nothing; too long: cut). */
export const searchSuggestionsQuerySchema = z.object({
  marketId: z.string().max(100),
  q: z.string().max(2000).default(''),
});

/** What the search box lists while the shopper types (store-search.ts SearchSuggestions). */
export const searchSuggestionsSchema = z.strictObject({
  products: z.array(
    z.strictObject({
      id: idSchema,
      title: z.string(),
      price: intSchema,
      compareAtPrice: intSchema.nullable(),
      imageUrl: z.string().nullable(),
      variantCount: intSchema,
    }),
  ),
  categories: z.array(z.strictObject({ id: idSchema, name: z.string() })),
}) satisfies z.ZodType<SearchSuggestions>;
