-- Azerbaijani alphabetical order (A B C Ç D E Ə F G Ğ H X I İ J K Q L M N O Ö P R S Ş T U Ü V Y Z)
-- for every list sorted by name, the same on PostgreSQL and PGlite (decision 014).
--
-- az_icu is ICU's collation for Azerbaijani. PostgreSQL's ICU has the language's tailoring; PGlite
-- ships ICU with the root data only, where Ç sorts as a C with an accent ('ç' < 'cz'). There the
-- same tailoring is written out as rules over the root order: CLDR's az rules, letter for letter.
DO $$
BEGIN
  CREATE COLLATION IF NOT EXISTS az_icu (provider = icu, locale = 'az');
  IF 'ç' COLLATE az_icu < 'cz' COLLATE az_icu THEN
    DROP COLLATION az_icu;
    EXECUTE $rules$CREATE COLLATION az_icu (provider = icu, locale = 'und',
      rules = '&C<ç<<<Ç &E<ə<<<Ə &G<ğ<<<Ğ &H<x<<<X &[before 1]i<ı<<<I &i<<<İ &K<q<<<Q &O<ö<<<Ö &S<ş<<<Ş &U<ü<<<Ü &Z<w<<<W')$rules$;
  END IF;
END
$$;--> statement-breakpoint
-- The product list's name order (modules/product/list.ts) in the alphabet's order.
DROP INDEX IF EXISTS "products_market_name_idx";--> statement-breakpoint
CREATE INDEX "products_market_name_idx" ON "products" USING btree ("market_id", "title" COLLATE az_icu, "id") INCLUDE ("status", "in_stock", "category_id");
