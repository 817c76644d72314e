DROP INDEX "patrimony_reservation_event_item_unique";--> statement-breakpoint
ALTER TABLE "schedule_event" ADD COLUMN "rrule" text;--> statement-breakpoint
ALTER TABLE "schedule_event" ADD COLUMN "exdates" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_event" ADD COLUMN "series_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_event" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "schedule_event" ADD COLUMN "recurrence_id" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_event" ADD CONSTRAINT "schedule_event_series_id_schedule_event_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."schedule_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_event_series_idx" ON "schedule_event" USING btree ("organization_id","series_until") WHERE "schedule_event"."rrule" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_event_moved_occurrence_unique" ON "schedule_event" USING btree ("series_id","recurrence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrimony_reservation_event_item_unique" ON "patrimony_reservation" USING btree ("event_id","patrimony_id","starts_at");