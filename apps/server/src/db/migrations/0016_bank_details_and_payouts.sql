CREATE TABLE "bank_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"tax_number" text NOT NULL,
	"bank" text NOT NULL,
	"bank_tax_number" text NOT NULL,
	"code" text NOT NULL,
	"correspondent_account" text NOT NULL,
	"swift" text NOT NULL,
	"settlement_account" text NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"market_id" uuid PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"period" text NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"bank_details_id" uuid NOT NULL,
	"provider_ref" text,
	"arrives_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_details_id_bank_details_id_fk" FOREIGN KEY ("bank_details_id") REFERENCES "public"."bank_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_details_market_idx" ON "bank_details" USING btree ("market_id","saved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_market_day_key" ON "payouts" USING btree ("market_id","period_to");--> statement-breakpoint
CREATE INDEX "payouts_market_created_idx" ON "payouts" USING btree ("market_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("arrives_at") WHERE "payouts"."status" = 'pending';