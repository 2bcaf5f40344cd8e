DROP INDEX "market_domains_check_idx";--> statement-breakpoint
ALTER TABLE "market_domains" ADD COLUMN "missing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "market_domains_next_check_idx" ON "market_domains" USING btree ("next_check_at") WHERE "market_domains"."next_check_at" is not null;--> statement-breakpoint
-- Domains verified before this migration are looked at again from tomorrow.
UPDATE "market_domains" SET "next_check_at" = now() + interval '1 day' WHERE "verified";