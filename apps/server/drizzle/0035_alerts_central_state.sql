ALTER TABLE "alerts" ADD COLUMN "central_status" text DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "central_operator_name" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "positions_kept" boolean DEFAULT false NOT NULL;