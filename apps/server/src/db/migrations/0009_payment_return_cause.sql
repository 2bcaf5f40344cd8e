ALTER TABLE "payments" ADD COLUMN "return_cause" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_amount" integer;