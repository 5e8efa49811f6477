ALTER TABLE "central_events" ADD COLUMN "cause_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "central_events_cause_idx" ON "central_events" USING btree ("cause_key");