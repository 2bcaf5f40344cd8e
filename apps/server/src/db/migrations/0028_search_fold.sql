-- The product search folds the Azerbaijani letters (issue 16, shared searchFold): ə ş ç ğ ö ü are
-- searched as e s c g o u. Products saved before are written again the same way.
UPDATE "products" SET "search_text" = translate("search_text", 'əşçğöü', 'escgou') WHERE "search_text" ~ '[əşçğöü]';
