CREATE TABLE "order_search" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"market_id" uuid NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_search" ADD CONSTRAINT "order_search_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The orders list's search (order/list.ts) in a row of its own per placed order. Its trigram index
-- was on `orders` (0007, partial on placed orders), and an update of an order that is not HOT —
-- all of them after placing: the payment's start, its result, the confirmation's mark — writes
-- every index of the row again, this one too: ~40 trigrams into a GIN index three or four times an
-- order, 5.9 % of PostgreSQL's CPU on the checkout steps (A/B on a copy of the database, with and
-- without it). The row is written by the order's own statements, through these triggers: when the
-- order is numbered (placed) and when its e-mail or delivery address change after — nothing
-- else of an order's life touches it.
CREATE INDEX "order_search_text_trgm_idx" ON "order_search" USING gin ("text" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "order_search_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Folded as the search is (shared searchKey): lower case, the dotless ı as i.
  INSERT INTO order_search (order_id, market_id, text)
    VALUES (NEW.id, NEW.market_id, translate(lower(coalesce(NEW.email, '') || ' '
      || coalesce(NEW.shipping_address->>'firstName', '') || ' ' || coalesce(NEW.shipping_address->>'lastName', '')), 'ı', 'i'))
    ON CONFLICT (order_id) DO UPDATE SET text = EXCLUDED.text;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_search_placed" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.number IS NOT NULL) EXECUTE FUNCTION "order_search_write"();
--> statement-breakpoint
-- `UPDATE OF` leaves out every update that does not set these columns (the payment's, the
-- fulfilment's …) before any row is looked at; WHEN, those that set them to what they were.
CREATE TRIGGER "order_search_changed" AFTER UPDATE OF number, email, shipping_address ON "orders" FOR EACH ROW
  WHEN (NEW.number IS NOT NULL AND (OLD.number IS NULL OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.shipping_address IS DISTINCT FROM NEW.shipping_address))
  EXECUTE FUNCTION "order_search_write"();
--> statement-breakpoint
INSERT INTO "order_search" (order_id, market_id, text)
  SELECT id, market_id, translate(lower(coalesce(email, '') || ' ' || coalesce(shipping_address->>'firstName', '')
    || ' ' || coalesce(shipping_address->>'lastName', '')), 'ı', 'i')
  FROM "orders" WHERE "number" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "orders_list_search_trgm_idx";
