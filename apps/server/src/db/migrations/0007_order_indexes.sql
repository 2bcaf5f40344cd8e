-- Indexes of the orders list (modules/order/list.ts), the dashboard (modules/analytics) and the
-- abandoned-checkout list and job (modules/abandoned), which the schema DSL can't express.
-- The list's indexes are partial on placed orders and INCLUDE what its filters and columns read,
-- so a page's ids and its (capped) count come from index-only scans even with 200,000 orders.
CREATE INDEX "orders_list_placed_idx" ON "orders" USING btree ("market_id", "placed_at", "id") INCLUDE ("number", "total", "payment_status", "fulfillment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_list_number_idx" ON "orders" USING btree ("market_id", "number") INCLUDE ("placed_at", "total", "payment_status", "fulfillment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_list_total_idx" ON "orders" USING btree ("market_id", "total", "id") INCLUDE ("placed_at", "number", "payment_status", "fulfillment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
-- The expression is CLOSED_SQL of modules/order/hooks.ts, character for character.
CREATE INDEX "orders_list_closed_idx" ON "orders" USING btree ("market_id", (archived_at is not null or payment_status = 'canceled' or (payment_status = 'paid' and fulfillment_status = 'fulfilled')), "placed_at", "id") INCLUDE ("number", "total", "payment_status", "fulfillment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_list_payment_idx" ON "orders" USING btree ("market_id", "payment_status", "placed_at", "id") INCLUDE ("number", "total", "fulfillment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_list_fulfillment_idx" ON "orders" USING btree ("market_id", "fulfillment_status", "placed_at", "id") INCLUDE ("number", "total", "payment_status", "archived_at") WHERE "number" IS NOT NULL;--> statement-breakpoint
-- Search by e-mail and names: SEARCH_SQL of modules/order/list.ts, through trigrams.
CREATE INDEX "orders_list_search_trgm_idx" ON "orders" USING gin ((translate(lower(coalesce(email, '') || ' ' || coalesce(shipping_address->>'firstName', '') || ' ' || coalesce(shipping_address->>'lastName', '')), 'ı', 'i')) gin_trgm_ops) WHERE "number" IS NOT NULL;--> statement-breakpoint
-- Revenue by day (dashboard) and a shopper's paid orders (customers, abandoned recoveries).
CREATE INDEX "orders_market_paid_idx" ON "orders" USING btree ("market_id", "paid_at") INCLUDE ("total", "refunded_amount", "payment_status", "id") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_market_email_idx" ON "orders" USING btree ("market_id", "email", "paid_at");--> statement-breakpoint
-- Abandoned checkouts: the list by last activity, and the reminder job's scan.
CREATE INDEX "orders_market_updated_idx" ON "orders" USING btree ("market_id", "updated_at") WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_reminder_due_idx" ON "orders" USING btree ("updated_at") WHERE "reminder_sent_at" IS NULL AND "email" IS NOT NULL AND "paid_at" IS NULL;--> statement-breakpoint
-- An order's lines with what the dashboard's best sellers read.
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id", "position") INCLUDE ("product_id", "quantity", "refunded_quantity", "unit_price");--> statement-breakpoint
CREATE INDEX "customers_market_last_order_idx" ON "customers" USING btree ("market_id", "last_order_at");
