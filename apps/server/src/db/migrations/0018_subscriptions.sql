CREATE TABLE "card_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"card_mask" text,
	"code" text,
	"message" text,
	"language" text DEFAULT 'az' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"provider" text NOT NULL,
	"card_mask" text,
	"transaction" text,
	"code" text,
	"message" text,
	"cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"market_id" uuid PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'standard' NOT NULL,
	"status" text DEFAULT 'trialing' NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"card_provider" text,
	"card_token" text,
	"card_mask" text,
	"card_saved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_registrations" ADD CONSTRAINT "card_registrations_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_registrations_token_key" ON "card_registrations" USING btree ("provider","token");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_try_key" ON "subscription_charges" USING btree ("market_id","period_start","attempt");--> statement-breakpoint
CREATE INDEX "subscription_charges_market_idx" ON "subscription_charges" USING btree ("market_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("period_end") WHERE status in ('trialing', 'active');--> statement-breakpoint
CREATE INDEX "subscriptions_retry_idx" ON "subscriptions" USING btree ("next_attempt_at") WHERE status = 'past_due';--> statement-breakpoint
-- Stores opened before the subscription existed start their free trial now (decision 020).
INSERT INTO "subscriptions" ("market_id", "period_end")
SELECT "id", now() + interval '14 days' FROM "markets"
ON CONFLICT DO NOTHING;
