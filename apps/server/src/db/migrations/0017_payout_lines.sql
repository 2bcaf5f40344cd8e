CREATE TABLE "settlement_queue" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"market_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_queue" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"market_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gross" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "adjustments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD CONSTRAINT "settlement_queue_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD CONSTRAINT "settlement_queue_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_queue" ADD CONSTRAINT "payout_queue_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_queue" ADD CONSTRAINT "payout_queue_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_queue_market_idx" ON "settlement_queue" USING btree ("market_id") INCLUDE ("amount");--> statement-breakpoint
CREATE INDEX "settlement_queue_order_idx" ON "settlement_queue" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_entries_payout_position_key" ON "payout_entries" USING btree ("payout_id","position");--> statement-breakpoint
CREATE INDEX "payout_queue_market_idx" ON "payout_queue" USING btree ("market_id") INCLUDE ("amount");--> statement-breakpoint
-- Payouts made before lines were kept: each sweeps, in the order they were made, the available
-- entries of its store made by then and not swept before (what it summed when it was made), and
-- its totals are read from them as a new payout's are.
UPDATE "payouts" SET "sent_at" = "created_at" WHERE "provider_ref" IS NOT NULL;--> statement-breakpoint
DO $$
DECLARE p record;
BEGIN
  FOR p IN SELECT id, market_id, created_at FROM payouts ORDER BY created_at, id LOOP
    INSERT INTO payout_entries (entry_id, payout_id, position)
      SELECT e.id, p.id, row_number() OVER (ORDER BY e.created_at, o.number NULLS LAST, e.id)
      FROM ledger_entries e LEFT JOIN orders o ON o.id = e.order_id
      WHERE e.market_id = p.market_id AND e.account = 'available' AND e.kind <> 'payout'
        AND e.created_at <= p.created_at
        AND NOT EXISTS (SELECT 1 FROM payout_entries s WHERE s.entry_id = e.id);
  END LOOP;
END $$;--> statement-breakpoint
WITH lines AS (
  SELECT s.payout_id, e.kind, e.amount, e.order_id FROM payout_entries s JOIN ledger_entries e ON e.id = s.entry_id
), parts AS (
  SELECT l.payout_id,
    coalesce(sum(o.amount) FILTER (WHERE o.kind = 'sale'), 0) AS gross,
    coalesce(sum(o.amount) FILTER (WHERE o.kind = 'fee'), 0) AS fees,
    coalesce(sum(o.amount) FILTER (WHERE o.kind = 'refund'), 0) AS refunds
  FROM lines l JOIN ledger_entries o ON o.order_id = l.order_id AND o.account = 'pending' AND o.kind IN ('sale', 'fee', 'refund')
  WHERE l.kind = 'release' GROUP BY l.payout_id
), rest AS (
  SELECT payout_id,
    coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0) AS refunds,
    coalesce(sum(amount) FILTER (WHERE kind NOT IN ('release', 'refund')), 0) AS adjustments
  FROM lines GROUP BY payout_id
)
UPDATE payouts SET gross = coalesce(parts.gross, 0), fees = coalesce(parts.fees, 0),
  refunds = coalesce(parts.refunds, 0) + rest.refunds, adjustments = rest.adjustments
FROM rest LEFT JOIN parts ON parts.payout_id = rest.payout_id
WHERE payouts.id = rest.payout_id;--> statement-breakpoint
-- What no payout has taken yet (all of it, for stores never paid out) waits in the payout queue,
-- and the pending entries of orders not released yet in the settlement queue …
INSERT INTO "payout_queue" (entry_id, market_id, kind, amount, order_id, created_at)
  SELECT e.id, e.market_id, e.kind, e.amount, e.order_id, e.created_at FROM ledger_entries e
  WHERE e.account = 'available' AND e.kind <> 'payout'
    AND NOT EXISTS (SELECT 1 FROM payout_entries s WHERE s.entry_id = e.id);--> statement-breakpoint
INSERT INTO "settlement_queue" (entry_id, market_id, order_id, amount)
  SELECT e.id, e.market_id, e.order_id, e.amount FROM ledger_entries e
  WHERE e.account = 'pending' AND e.kind IN ('sale', 'fee', 'refund') AND e.order_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = e.order_id AND r.kind = 'release');--> statement-breakpoint
-- … and from now on each statement's entries keep both, in that statement: a sale, fee or refund on
-- pending joins the settlement queue and a release takes its order's rows out; every available
-- entry but a payout's debit joins the payout queue.
CREATE FUNCTION "ledger_queues"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_queue (entry_id, market_id, order_id, amount)
    SELECT id, market_id, order_id, amount FROM new_entries
    WHERE account = 'pending' AND kind IN ('sale', 'fee', 'refund') AND order_id IS NOT NULL;
  -- By the order index, whatever the planner guesses of a transition table's size.
  DELETE FROM settlement_queue WHERE order_id = ANY (ARRAY(
    SELECT order_id FROM new_entries WHERE kind = 'release' AND account = 'pending'));
  INSERT INTO payout_queue (entry_id, market_id, kind, amount, order_id, created_at)
    SELECT id, market_id, kind, amount, order_id, created_at FROM new_entries
    WHERE account = 'available' AND kind <> 'payout';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_queues" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger_queues"();--> statement-breakpoint
-- Queues: rows come and go every week, so their dead rows are vacuumed away early (a balance reads
-- a store's range of the queue's index).
ALTER TABLE "settlement_queue" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "payout_queue" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
