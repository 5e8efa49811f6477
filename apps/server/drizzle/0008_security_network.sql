CREATE TABLE "security_network_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_network_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"member_user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "security_network_members_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "security_network_members_status_check" CHECK (status in ('pendiente', 'aceptada'))
);
--> statement-breakpoint
ALTER TABLE "security_network_members" ADD CONSTRAINT "security_network_members_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_network_members" ADD CONSTRAINT "security_network_members_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_network_members_owner_idx" ON "security_network_members" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "security_network_members_member_idx" ON "security_network_members" USING btree ("member_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_network_members_owner_email_idx" ON "security_network_members" USING btree ("owner_user_id",lower("email"));