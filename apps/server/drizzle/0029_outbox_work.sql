-- The three hand-made queues move onto the outbox (decision 055): what they still held is carried over.
-- Files of deleted accounts and removed phones still in the store: released, 500 keys an event.
INSERT INTO "event_outbox" ("event", "payload")
SELECT 'storedFilesReleased', jsonb_build_object('keys', jsonb_agg("storage_key" ORDER BY "storage_key"))
FROM (
	SELECT "storage_key", (row_number() OVER (ORDER BY "created_at", "storage_key") - 1) / 500 AS "chunk"
	FROM "deletion_pending_files"
) AS "pending"
GROUP BY "chunk";--> statement-breakpoint
-- Exports still to make, and ready ones whose e-mail never went.
INSERT INTO "event_outbox" ("event", "payload")
SELECT 'dataExportRequested', jsonb_build_object('exportId', "id")
FROM "data_exports"
WHERE "status" IN ('pending', 'running')
	OR ("status" = 'ready' AND "emailed_at" IS NULL AND "expires_at" > now())
ORDER BY "id";--> statement-breakpoint
-- Network e-mails waiting for a retry: the newest event of each subject is delivered again to the
-- network, which sends only what its keys say is unsent.
WITH "retried" AS (
	SELECT DISTINCT "kind", "subject_id" FROM "network_email_retries"
), "originals" AS (
	SELECT max("o"."id") AS "id"
	FROM "event_outbox" AS "o"
	JOIN "retried" AS "r" ON
		("r"."kind" = 'alert' AND "o"."event" = 'alertRaised'
			AND ("o"."payload"->>'alertId')::integer = "r"."subject_id")
		OR ("r"."kind" = 'lostPhone' AND "o"."event" = 'lostModeChanged'
			AND ("o"."payload"->>'isLost')::boolean
			AND ("o"."payload"->>'deviceRowId')::integer = "r"."subject_id")
	GROUP BY "r"."kind", "r"."subject_id"
)
UPDATE "event_outbox"
SET "delivered_at" = NULL, "available_at" = now(), "attempts" = 0,
	"done_by" = array_remove("done_by", 'network')
WHERE "id" IN (SELECT "id" FROM "originals");--> statement-breakpoint
DROP TABLE "deletion_pending_files" CASCADE;--> statement-breakpoint
DROP TABLE "network_email_retries" CASCADE;--> statement-breakpoint
ALTER TABLE "data_exports" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "data_exports" DROP COLUMN "emailed_at";
