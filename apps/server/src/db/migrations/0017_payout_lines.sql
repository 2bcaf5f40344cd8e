CREATE TABLE "payout_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_queue" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"market_id" uuid NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gross" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "adjustments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_queue" ADD CONSTRAINT "payout_queue_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_queue" ADD CONSTRAINT "payout_queue_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_entries_payout_position_key" ON "payout_entries" USING btree ("payout_id","position");--> statement-breakpoint
CREATE INDEX "payout_queue_market_idx" ON "payout_queue" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "orders_settlement_due_idx" ON "orders" USING btree ("fulfilled_at","id") WHERE "orders"."settled_at" is null and "orders"."paid_at" is not null and "orders"."fulfillment_status" = 'fulfilled';--> statement-breakpoint
CREATE INDEX "orders_unsettled_idx" ON "orders" USING btree ("market_id") WHERE "orders"."settled_at" is null and "orders"."paid_at" is not null;--> statement-breakpoint
-- Orders settled before: when their release was written. Paid orders without a sale entry (paid
-- before the ledger began) have nothing to release: they leave the queue too.
UPDATE "orders" o SET "settled_at" = coalesce(
    (SELECT min(e.created_at) FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'release'),
    CASE WHEN NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'sale') THEN now() END)
  WHERE o.paid_at IS NOT NULL;--> statement-breakpoint
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
-- What no payout has taken yet (all of it, for stores never paid out) waits in the queue …
INSERT INTO "payout_queue" (entry_id, market_id, amount)
  SELECT e.id, e.market_id, e.amount FROM ledger_entries e
  WHERE e.account = 'available' AND e.kind <> 'payout'
    AND NOT EXISTS (SELECT 1 FROM payout_entries s WHERE s.entry_id = e.id);--> statement-breakpoint
-- … and from now on every available entry but a payout's debit joins it in its own transaction.
CREATE FUNCTION "payout_queue_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_queue (entry_id, market_id, amount) VALUES (NEW.id, NEW.market_id, NEW.amount);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payout_queue_add" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.account = 'available' AND NEW.kind <> 'payout') EXECUTE FUNCTION "payout_queue_add"();
