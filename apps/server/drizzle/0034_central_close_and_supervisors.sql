ALTER TABLE "users" ADD COLUMN "is_supervisor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "central_events" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "central_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "central_events" ADD COLUMN "level" integer;--> statement-breakpoint
ALTER TABLE "central_events" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "central_events" ADD CONSTRAINT "central_events_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "central_events_closed_idx" ON "central_events" USING btree ("closed_at") WHERE "central_events"."status" = 'closed';