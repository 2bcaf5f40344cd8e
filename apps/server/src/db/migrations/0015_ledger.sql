CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_market_idx" ON "ledger_entries" USING btree ("market_id","account","created_at") INCLUDE ("amount");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_release_key" ON "ledger_entries" USING btree ("order_id","account") WHERE "ledger_entries"."kind" = 'release';--> statement-breakpoint
-- Entries are never changed or removed (decision 019): a correction is a new entry. The one
-- delete allowed is the cascade of a store's deletion (a foreign key's action runs as a trigger,
-- so this one then runs nested).
CREATE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger entries are immutable' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_immutable"();
