-- The platform's staff (issue 14): named by `npm run staff` or STAFF_EMAILS; their adjustments of a
-- store's balance are ledger entries, each made once per request (a second send makes nothing).
ALTER TABLE "ledger_entries" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_request_key" ON "ledger_entries" USING btree ("request_id") WHERE "ledger_entries"."request_id" is not null;