-- Push invalidation (issue 18, platform/changes.ts): every process keeps the markets it serves and
-- the site's version in memory and forgets them when told. A change of a market row (its catalog
-- version is bumped by every write a storefront shows, market/hooks.ts) or of the site's writing
-- is told on a channel at commit. Taking an order number is the one frequent update of a market
-- row and changes nothing a cache keeps: it is left out, so checkout sends no notification.
CREATE FUNCTION "notify_market_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('market_changed', coalesce(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "markets_changed" AFTER UPDATE ON "markets" FOR EACH ROW
  WHEN (OLD.next_order_number IS NOT DISTINCT FROM NEW.next_order_number)
  EXECUTE FUNCTION "notify_market_changed"();
--> statement-breakpoint
CREATE TRIGGER "markets_removed" AFTER DELETE ON "markets" FOR EACH ROW
  EXECUTE FUNCTION "notify_market_changed"();
--> statement-breakpoint
CREATE FUNCTION "notify_site_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_changed" AFTER INSERT OR UPDATE OR DELETE ON "articles" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_site_changed"();
--> statement-breakpoint
CREATE TRIGGER "vacancies_changed" AFTER INSERT OR UPDATE OR DELETE ON "vacancies" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_site_changed"();
