-- Indexes of the product list (modules/product/list.ts) that the schema DSL can't express.
-- The sort indexes are in the list's exact order and INCLUDE the columns its filters read, so
-- the page's ids come from the index alone (deep pages skip rows without reading them).
CREATE INDEX "products_market_newest_idx" ON "products" USING btree ("market_id", "created_at" DESC, "id" DESC) INCLUDE ("status", "in_stock", "category_id");--> statement-breakpoint
CREATE INDEX "products_market_price_idx" ON "products" USING btree ("market_id", "price", "id") INCLUDE ("status", "in_stock", "category_id");--> statement-breakpoint
-- Name order is on lower(title); "title" itself is included so the scan can stay index-only.
CREATE INDEX "products_market_name_idx" ON "products" USING btree ("market_id", lower("title"), "id") INCLUDE ("title", "status", "in_stock", "category_id");--> statement-breakpoint
-- Substring search (LIKE '%…%') over title and SKUs through trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
