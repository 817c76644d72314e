ALTER TABLE "external_activity" ADD COLUMN "unit_organizational_id" integer;--> statement-breakpoint
ALTER TABLE "viability" ADD COLUMN "unit_organizational_id" integer;--> statement-breakpoint
ALTER TABLE "external_activity" ADD CONSTRAINT "external_activity_unit_organizational_id_unit_organizational_id_fk" FOREIGN KEY ("unit_organizational_id") REFERENCES "public"."unit_organizational"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viability" ADD CONSTRAINT "viability_unit_organizational_id_unit_organizational_id_fk" FOREIGN KEY ("unit_organizational_id") REFERENCES "public"."unit_organizational"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_activity_unit_idx" ON "external_activity" USING btree ("organization_id","unit_organizational_id","id");--> statement-breakpoint
CREATE INDEX "viability_org_unit_idx" ON "viability" USING btree ("organization_id","unit_organizational_id","id");--> statement-breakpoint
UPDATE "external_activity" a SET "unit_organizational_id" = s."unit_organizational_id" FROM "site" s WHERE a."site_id" = s."id";
