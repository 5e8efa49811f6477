CREATE TABLE "central_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "central_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"event_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"body" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"once_key" text
);
--> statement-breakpoint
CREATE INDEX "central_log_event_idx" ON "central_log" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "central_log_once_idx" ON "central_log" USING btree ("once_key");