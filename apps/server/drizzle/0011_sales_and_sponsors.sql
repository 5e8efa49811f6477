CREATE TABLE "sales_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" integer NOT NULL,
	"suspend_reason" text,
	"bank" text,
	"account_type" text,
	"account_number" text,
	"holder" text,
	"holder_rut" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_profiles_status_check" CHECK ("sales_profiles"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sponsors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unique_id" text NOT NULL,
	"name" text NOT NULL,
	"plan_id" integer NOT NULL,
	"months" integer NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsors_months_check" CHECK ("sponsors"."months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sponsor_id" integer;--> statement-breakpoint
ALTER TABLE "sales_profiles" ADD CONSTRAINT "sales_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsors_unique_id_idx" ON "sponsors" USING btree ("unique_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_user_id_users_id_fk" FOREIGN KEY ("referred_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_not_self_referred_check" CHECK ("users"."referred_by_user_id" <> "users"."id");