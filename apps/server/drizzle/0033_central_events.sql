CREATE TABLE "central_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "central_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"priority" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer,
	"alert_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "central_events" ADD CONSTRAINT "central_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_events" ADD CONSTRAINT "central_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_events" ADD CONSTRAINT "central_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_events" ADD CONSTRAINT "central_events_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "central_events_queue_idx" ON "central_events" USING btree ("status") WHERE "central_events"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "central_events_user_idx" ON "central_events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "central_events_alert_idx" ON "central_events" USING btree ("alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "central_events_open_per_phone_idx" ON "central_events" USING btree ("device_id","kind") WHERE "central_events"."status" <> 'closed' and "central_events"."kind" <> 'sos';