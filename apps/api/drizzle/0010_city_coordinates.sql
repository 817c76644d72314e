ALTER TABLE "city" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "city" ADD COLUMN "longitude" double precision;