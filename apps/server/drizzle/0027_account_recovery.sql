CREATE TABLE "account_review_kept" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"kept_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_review_kept_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text,
	"browser" text,
	"new_token_hash" text NOT NULL,
	"new_token_expires_at" timestamp with time zone NOT NULL,
	"old_token_hash" text NOT NULL,
	"applies_after" timestamp with time zone,
	"new_proven_at" timestamp with time zone,
	"old_confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reclaimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "account_review_kept" ADD CONSTRAINT "account_review_kept_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_new_token_idx" ON "email_changes" USING btree ("new_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_old_token_idx" ON "email_changes" USING btree ("old_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_open_user_idx" ON "email_changes" USING btree ("user_id") WHERE "email_changes"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "email_changes_due_idx" ON "email_changes" USING btree ("applies_after") WHERE "email_changes"."ended_at" is null and "email_changes"."new_proven_at" is not null;--> statement-breakpoint
-- a reset link made before links kept their address cannot be checked against it (decision 050): ended
UPDATE "password_resets" SET "used_at" = now() WHERE "used_at" IS NULL;--> statement-breakpoint
-- the e-mail changes of before email_changes had no say of the current address (decision 050): ended
UPDATE "email_verifications" SET "used_at" = now() WHERE "used_at" IS NULL AND "kind" = 'change';
