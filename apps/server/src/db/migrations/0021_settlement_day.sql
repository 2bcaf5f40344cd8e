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
CREATE INDEX "bank_details_market_idx" ON "bank_details" USING btree ("market_id","saved_at","id");