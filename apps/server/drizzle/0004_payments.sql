CREATE TABLE "flow_sandbox_payments" (
	"flow_order" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_sandbox_payments_flow_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10000 CACHE 1),
	"token" text NOT NULL,
	"commerce_order" text NOT NULL,
	"subject" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"email" text NOT NULL,
	"url_confirmation" text NOT NULL,
	"url_return" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"media" text,
	"paid_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"months_paid" integer NOT NULL,
	"amount" integer NOT NULL,
	"commerce_order" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"flow_token" text,
	"flow_order" bigint,
	"flow_status" integer,
	"payment_media" text,
	"payment_date" text,
	"failure_reason" text,
	"applied_at" timestamp with time zone,
	"plan_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_sandbox_payments_token_idx" ON "flow_sandbox_payments" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_sandbox_payments_commerce_order_idx" ON "flow_sandbox_payments" USING btree ("commerce_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_commerce_order_idx" ON "payments" USING btree ("commerce_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_flow_token_idx" ON "payments" USING btree ("flow_token");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");