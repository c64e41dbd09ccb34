CREATE TABLE "exit_health_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exit_id" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_ok" boolean NOT NULL,
	"latency_ms" integer,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "last_check_ok" boolean;--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "last_latency_ms" integer;--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "exit_health_checks" ADD CONSTRAINT "exit_health_checks_exit_id_exits_id_fk" FOREIGN KEY ("exit_id") REFERENCES "public"."exits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exit_health_checks_exit_idx" ON "exit_health_checks" USING btree ("exit_id","checked_at");--> statement-breakpoint
-- Installations seeded by several processes at once may hold a static address twice: keep one
-- (a leased one first, else the oldest) and take the others out of service before the index.
UPDATE "exits" SET "disabled_at" = now() WHERE "id" IN (
	SELECT "id" FROM (
		SELECT e."id", row_number() OVER (
			PARTITION BY e."ip"
			ORDER BY EXISTS (SELECT 1 FROM "proxies" p WHERE p."exit_id" = e."id" AND p."deleted_at" IS NULL AND p."status" <> 2 AND p."family" IN ('static-traffic', 'static-ip')) DESC, e."id"
		) AS "rank"
		FROM "exits" e WHERE e."is_static" AND e."ip" IS NOT NULL
	) ranked WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "exits_static_ip_key" ON "exits" USING btree ("ip") WHERE "exits"."is_static" and "exits"."disabled_at" is null;