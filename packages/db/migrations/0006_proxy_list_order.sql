DROP INDEX "proxies_live_list_idx";--> statement-breakpoint
DROP INDEX "proxies_deleted_list_idx";--> statement-breakpoint
CREATE INDEX "proxies_live_list_idx" ON "proxies" USING btree ("user_id","family","created_at","id","status","expires_at","country") WHERE "proxies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "proxies_deleted_list_idx" ON "proxies" USING btree ("user_id","family","created_at","id") WHERE "proxies"."deleted_at" is not null;