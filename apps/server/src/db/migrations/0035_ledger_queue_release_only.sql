-- The ledger's queues (0017) without a look at the settlement queue from every sale: the DELETE
-- of released orders ran for every ledger statement, a sale's and fee's too, where it takes
-- nothing out. Its plan is kept per connection (PL/pgSQL), and a plan made while the queue was
-- small walks the whole queue — 0.4 ms a payment at 3,000 queued rows, growing with every store's
-- week of orders. Now it runs only for a statement that releases something.
CREATE OR REPLACE FUNCTION "ledger_queues"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_queue (entry_id, market_id, order_id, amount)
    SELECT id, market_id, order_id, amount FROM new_entries
    WHERE account = 'pending' AND kind IN ('sale', 'fee', 'refund') AND order_id IS NOT NULL;
  IF EXISTS (SELECT FROM new_entries WHERE kind = 'release' AND account = 'pending') THEN
    -- Once a settlement run's statement: one walk of the queue at worst, not one a payment.
    DELETE FROM settlement_queue WHERE order_id = ANY (ARRAY(
      SELECT order_id FROM new_entries WHERE kind = 'release' AND account = 'pending'));
  END IF;
  INSERT INTO payout_queue (entry_id, market_id, kind, amount, order_id, created_at)
    SELECT id, market_id, kind, amount, order_id, created_at FROM new_entries
    WHERE account = 'available' AND kind <> 'payout';
  RETURN NULL;
END $$;
