DROP INDEX "devices_device_id_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "is_named_by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_idx" ON "devices" USING btree ("device_id") WHERE "devices"."removed_at" is null;