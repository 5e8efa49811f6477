CREATE TABLE "network_email_retries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_email_retries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_email_retries_kind_check" CHECK (kind in ('alert', 'lostPhone'))
);
--> statement-breakpoint
ALTER TABLE "network_email_retries" ADD CONSTRAINT "network_email_retries_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_email_retries_member_idx" ON "network_email_retries" USING btree ("kind","subject_id","member_user_id");--> statement-breakpoint
CREATE INDEX "network_email_retries_due_idx" ON "network_email_retries" USING btree ("next_attempt_at");--> statement-breakpoint
-- written by hand (decision 024): the SOS e-mails still waiting for a retry move to the new table
INSERT INTO "network_email_retries" ("kind", "subject_id", "member_user_id", "attempts", "next_attempt_at")
SELECT 'alert', "alert_id", "member_user_id", "attempts", "next_attempt_at" FROM "alert_email_retries";
