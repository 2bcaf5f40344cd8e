-- A store's policies (SPEC §3; issue 15): one row per kind saved; an empty text is not shown.
CREATE TABLE "policies" (
	"market_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_market_id_type_pk" PRIMARY KEY("market_id","type")
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;