CREATE TABLE "alert_email_retries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_email_retries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_email_retries" ADD CONSTRAINT "alert_email_retries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_retries" ADD CONSTRAINT "alert_email_retries_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_email_retries_member_idx" ON "alert_email_retries" USING btree ("alert_id","member_user_id");--> statement-breakpoint
CREATE INDEX "alert_email_retries_due_idx" ON "alert_email_retries" USING btree ("next_attempt_at");