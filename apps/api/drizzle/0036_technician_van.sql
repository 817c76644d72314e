ALTER TABLE "patrimony" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "section" ADD COLUMN "technician_id" integer;--> statement-breakpoint
ALTER TABLE "section" ADD CONSTRAINT "section_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "section_technician_id_unique" ON "section" USING btree ("technician_id");