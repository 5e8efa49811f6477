ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "battery" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "charging" boolean;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "status_at" timestamp with time zone;