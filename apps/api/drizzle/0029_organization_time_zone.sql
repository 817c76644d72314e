ALTER TABLE "organization" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_organizational" ADD COLUMN "time_zone" text;