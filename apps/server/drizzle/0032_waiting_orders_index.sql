DROP INDEX "device_commands_open_idx";--> statement-breakpoint
CREATE INDEX "device_commands_waiting_idx" ON "device_commands" USING btree ("device_id") WHERE "device_commands"."state" = 'sent';