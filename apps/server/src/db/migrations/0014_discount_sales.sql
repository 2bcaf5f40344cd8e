-- Sales by discount on the dashboard (modules/analytics/service.ts, decision 018): the paid orders
-- that had a discount, by paid-at, carrying what the figures read — a small part of a store's
-- orders, read in one index-only range scan. The lines' index carries what a line was paid, its
-- bundle and what the bundle took off, so the best sellers count what shoppers paid (after
-- discounts) and a bundle's discount is summed without reading the lines themselves.
DROP INDEX IF EXISTS "order_items_order_idx";--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id", "position") INCLUDE ("product_id", "quantity", "refunded_quantity", "unit_price", "paid", "bundle_id", "bundle_discount");--> statement-breakpoint
CREATE INDEX "orders_market_discounted_idx" ON "orders" USING btree ("market_id", "paid_at") INCLUDE ("discount_id", "subtotal", "bundle_discount", "discount_total", "total", "refunded_amount", "id") WHERE "paid_at" IS NOT NULL AND "discount_total" > 0;
