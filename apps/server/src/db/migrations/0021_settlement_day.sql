-- A settlement day of thousands of stores (issue 14): the queue and payout-line tables keep no foreign
-- key to ledger_entries (their rows go with the store or the payout; a check per row was a fifth of
-- the day), and the current bank details are one backward step of their index.
ALTER TABLE "settlement_queue" DROP CONSTRAINT "settlement_queue_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "payout_entries" DROP CONSTRAINT "payout_entries_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "payout_queue" DROP CONSTRAINT "payout_queue_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
DROP INDEX "bank_details_market_idx";--> statement-breakpoint
CREATE INDEX "bank_details_market_idx" ON "bank_details" USING btree ("market_id","saved_at","id");--> statement-breakpoint
-- A balance is the sum of the store's queue rows: read from the index alone (INCLUDE amount), the
-- schema DSL can't say INCLUDE.
DROP INDEX "settlement_queue_market_idx";--> statement-breakpoint
CREATE INDEX "settlement_queue_market_idx" ON "settlement_queue" USING btree ("market_id") INCLUDE ("amount");--> statement-breakpoint
DROP INDEX "payout_queue_market_idx";--> statement-breakpoint
CREATE INDEX "payout_queue_market_idx" ON "payout_queue" USING btree ("market_id") INCLUDE ("amount");
--> statement-breakpoint
-- Ledger entries get time-ordered ids (UUID version 7: 48 bits of milliseconds, then random bits),
-- so the indexes on them grow at their end; PostgreSQL 15 and PGlite have no uuidv7() of their own.
CREATE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
    substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "id" SET DEFAULT uuid_v7();
