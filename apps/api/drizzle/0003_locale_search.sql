ALTER TABLE "country" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "state" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;