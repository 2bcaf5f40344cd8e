DROP INDEX "order_items_order_idx";--> statement-breakpoint
DROP INDEX "orders_market_placed_idx";