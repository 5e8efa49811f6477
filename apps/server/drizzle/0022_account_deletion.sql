CREATE TABLE "deletion_cancel_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deletion_cancel_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deletion_pending_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deleted_account_referrer_id" integer;--> statement-breakpoint
ALTER TABLE "deletion_cancel_tokens" ADD CONSTRAINT "deletion_cancel_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_cancel_tokens_token_hash_idx" ON "deletion_cancel_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "deletion_cancel_tokens_user_idx" ON "deletion_cancel_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deleted_account_referrer_id_users_id_fk" FOREIGN KEY ("deleted_account_referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_deletion_scheduled_idx" ON "users" USING btree ("deletion_scheduled_at") WHERE "users"."deletion_scheduled_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_deleted_account_referrer_idx" ON "payments" USING btree ("deleted_account_referrer_id") WHERE "payments"."deleted_account_referrer_id" is not null;