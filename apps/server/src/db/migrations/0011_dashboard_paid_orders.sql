-- The dashboard counts paid orders only, by the day they were paid, with their refunds and
-- fulfilment (modules/analytics/service.ts): the paid-at index carries fulfillment_status too, so
-- every figure stays one index-only range scan.
DROP INDEX IF EXISTS "orders_market_paid_idx";--> statement-breakpoint
CREATE INDEX "orders_market_paid_idx" ON "orders" USING btree ("market_id", "paid_at") INCLUDE ("total", "refunded_amount", "payment_status", "fulfillment_status", "id") WHERE "paid_at" IS NOT NULL;
