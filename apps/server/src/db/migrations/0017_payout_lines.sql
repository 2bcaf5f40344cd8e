CREATE TABLE "payout_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gross" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "adjustments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_entries_payout_idx" ON "payout_entries" USING btree ("payout_id");--> statement-breakpoint
-- Payouts made before lines were kept: each sweeps, in the order they were made, the available
-- entries of its store made by then and not swept before (what it summed when it was made), and
-- its totals are read from them as a new payout's are.
UPDATE "payouts" SET "sent_at" = "created_at" WHERE "provider_ref" IS NOT NULL;--> statement-breakpoint
DO $$
DECLARE p record;
BEGIN
  FOR p IN SELECT id, market_id, created_at FROM payouts ORDER BY created_at, id LOOP
    INSERT INTO payout_entries (entry_id, payout_id)
      SELECT e.id, p.id FROM ledger_entries e
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
WHERE payouts.id = rest.payout_id;
