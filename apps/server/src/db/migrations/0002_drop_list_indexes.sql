DROP INDEX "products_market_created_idx";--> statement-breakpoint
DROP INDEX "products_market_price_idx";