CREATE TABLE "cash_on_delivery" (
	"market_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"tariff_ids" uuid[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_on_delivery" ADD CONSTRAINT "cash_on_delivery_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cash_confirmation_due_idx" ON "orders" USING btree ("placed_at") WHERE "orders"."confirmation_sent_at" is null and "orders"."email" is not null and "orders"."payment_method" = 'cash' and "orders"."payment_status" = 'unpaid';