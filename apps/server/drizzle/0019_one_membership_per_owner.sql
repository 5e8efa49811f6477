-- Before the unique index on (owner, member) of the next migration: an account that joined one
-- owner's network twice (two invitations accepted at once, issue 29 item 10) keeps its earliest
-- membership; the later duplicates go, so the index can be built.
DELETE FROM "security_network_members" AS "later"
USING "security_network_members" AS "earlier"
WHERE "later"."member_user_id" IS NOT NULL
  AND "later"."owner_user_id" = "earlier"."owner_user_id"
  AND "later"."member_user_id" = "earlier"."member_user_id"
  AND "later"."id" > "earlier"."id";
