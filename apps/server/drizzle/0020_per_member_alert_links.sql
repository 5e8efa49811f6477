DROP INDEX "alerts_token_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "security_network_members_owner_member_idx" ON "security_network_members" USING btree ("owner_user_id","member_user_id") WHERE "security_network_members"."member_user_id" is not null;--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "token_hash";