ALTER TABLE "baskets" ADD COLUMN "popup_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_title" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "paid" integer;--> statement-breakpoint
-- Lines sold before discounts were paid their full price.
UPDATE "order_items" SET "paid" = "unit_price" * "quantity";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "paid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bundle_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_held_idx" ON "orders" USING btree ("discount_id") WHERE "orders"."discount_id" is not null and "orders"."reservation" = 'held';--> statement-breakpoint
CREATE INDEX "orders_discount_email_idx" ON "orders" USING btree ("discount_id","email") WHERE "orders"."discount_id" is not null;