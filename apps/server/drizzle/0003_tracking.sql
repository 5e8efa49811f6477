CREATE TABLE "tracking_points" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tracking_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trackings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tracking_points" ADD CONSTRAINT "tracking_points_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_points_tracking_idx" ON "tracking_points" USING btree ("tracking_id","id");--> statement-breakpoint
CREATE INDEX "trackings_device_idx" ON "trackings" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trackings_active_idx" ON "trackings" USING btree ("device_id") WHERE "trackings"."ended_at" is null;