-- Custom domains verified by DNS (issue 15): each has a TXT token to prove it is the merchant's, what the
-- last check found, and when the job looks again; one primary per store.
ALTER TABLE "market_domains" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "txt_found" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "pointing_found" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "market_domains_check_idx" ON "market_domains" USING btree ("next_check_at") WHERE "market_domains"."verified" = false and "market_domains"."next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "market_domains_primary_key" ON "market_domains" USING btree ("market_id") WHERE "market_domains"."primary";--> statement-breakpoint
-- Domains verified before the checks existed were verified when last changed.
UPDATE "market_domains" SET "verified_at" = "updated_at" WHERE "verified";
