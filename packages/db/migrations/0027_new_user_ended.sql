ALTER TABLE "users" ADD COLUMN "new_user_ended_at" timestamp with time zone;--> statement-breakpoint
-- Issue #20: a customer stops being new at their first credited top-up (or the new-user guide).
-- Those who topped up before this rule are not new any more; when they stopped is not known, so
-- the survey window's one-day wait after it does not apply to them.
UPDATE "users" SET "is_new_user" = false WHERE "total_top_up" > 0;
