CREATE TABLE "proxy_counts" (
	"user_id" bigint NOT NULL,
	"family" text NOT NULL,
	"slot" smallint NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "proxy_counts_user_id_family_slot_pk" PRIMARY KEY("user_id","family","slot")
);
--> statement-breakpoint
DROP INDEX "proxies_list_idx";--> statement-breakpoint
ALTER TABLE "proxy_counts" ADD CONSTRAINT "proxy_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proxies_live_list_idx" ON "proxies" USING btree ("user_id","family","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","expires_at","country") WHERE "proxies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "proxies_deleted_list_idx" ON "proxies" USING btree ("user_id","family","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "proxies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "proxies_username_prefix_idx" ON "proxies" USING btree ("username" text_pattern_ops);--> statement-breakpoint
-- proxy_counts is kept by the triggers below, so every path that adds, removes, deletes or moves a
-- proxy (the API, jobs, tests' factories, an operator's SQL) keeps the list totals exact.
-- Inserts and deletes: once per statement, from its transition table.
CREATE FUNCTION "proxy_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "proxy_counts" AS c ("user_id", "family", "slot", "live", "deleted")
  SELECT "user_id", "family", "id" % 64, count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "deleted_at" IS NOT NULL)
  FROM "proxy_counts_added" GROUP BY 1, 2, 3
  ON CONFLICT ("user_id", "family", "slot") DO UPDATE SET "live" = c."live" + excluded."live", "deleted" = c."deleted" + excluded."deleted";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "proxy_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "proxy_counts" AS c SET "live" = c."live" - r."live", "deleted" = c."deleted" - r."deleted"
  FROM (
    SELECT "user_id", "family", "id" % 64 AS "slot", count(*) FILTER (WHERE "deleted_at" IS NULL) AS "live", count(*) FILTER (WHERE "deleted_at" IS NOT NULL) AS "deleted"
    FROM "proxy_counts_removed" GROUP BY 1, 2, 3
  ) AS r
  WHERE c."user_id" = r."user_id" AND c."family" = r."family" AND c."slot" = r."slot";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deletion (or its undoing), or a move to another account or family: per row, only when one
-- of those columns is set and the row changes bucket (the usage flush never pays for this).
CREATE FUNCTION "proxy_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."user_id" = NEW."user_id" AND OLD."family" = NEW."family" THEN
    UPDATE "proxy_counts" SET
      "live" = "live" + (NEW."deleted_at" IS NULL)::int - (OLD."deleted_at" IS NULL)::int,
      "deleted" = "deleted" + (NEW."deleted_at" IS NOT NULL)::int - (OLD."deleted_at" IS NOT NULL)::int
    WHERE "user_id" = NEW."user_id" AND "family" = NEW."family" AND "slot" = NEW."id" % 64;
  ELSE
    UPDATE "proxy_counts" SET
      "live" = "live" - (OLD."deleted_at" IS NULL)::int,
      "deleted" = "deleted" - (OLD."deleted_at" IS NOT NULL)::int
    WHERE "user_id" = OLD."user_id" AND "family" = OLD."family" AND "slot" = OLD."id" % 64;
    INSERT INTO "proxy_counts" AS c ("user_id", "family", "slot", "live", "deleted")
    VALUES (NEW."user_id", NEW."family", NEW."id" % 64, (NEW."deleted_at" IS NULL)::int, (NEW."deleted_at" IS NOT NULL)::int)
    ON CONFLICT ("user_id", "family", "slot") DO UPDATE SET "live" = c."live" + excluded."live", "deleted" = c."deleted" + excluded."deleted";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "proxy_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "proxy_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "proxy_counts_insert" AFTER INSERT ON "proxies" REFERENCING NEW TABLE AS "proxy_counts_added" FOR EACH STATEMENT EXECUTE FUNCTION "proxy_counts_add"();--> statement-breakpoint
CREATE TRIGGER "proxy_counts_delete" AFTER DELETE ON "proxies" REFERENCING OLD TABLE AS "proxy_counts_removed" FOR EACH STATEMENT EXECUTE FUNCTION "proxy_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "proxy_counts_update" AFTER UPDATE OF "deleted_at", "user_id", "family" ON "proxies" FOR EACH ROW
  WHEN ((OLD."deleted_at" IS NULL) IS DISTINCT FROM (NEW."deleted_at" IS NULL) OR OLD."user_id" <> NEW."user_id" OR OLD."family" <> NEW."family")
  EXECUTE FUNCTION "proxy_counts_move"();--> statement-breakpoint
CREATE TRIGGER "proxy_counts_truncate" AFTER TRUNCATE ON "proxies" FOR EACH STATEMENT EXECUTE FUNCTION "proxy_counts_clear"();--> statement-breakpoint
-- The proxies that exist already (the triggers hold the table's lock until this migration commits).
INSERT INTO "proxy_counts" ("user_id", "family", "slot", "live", "deleted")
SELECT "user_id", "family", "id" % 64, count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "deleted_at" IS NOT NULL)
FROM "proxies" GROUP BY 1, 2, 3;
