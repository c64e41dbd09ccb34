CREATE TABLE "exits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"host" text,
	"port" integer,
	"account" text,
	"username_template" text,
	"password_template" text,
	"type" text NOT NULL,
	"line" smallint DEFAULT 1 NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"city" text,
	"label" text,
	"is_healthy" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exits_upstream_has_address" CHECK ("exits"."kind" = 'direct' or ("exits"."host" is not null and "exits"."port" is not null))
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"family" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"protocol" text DEFAULT 'http' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"switch" smallint DEFAULT 5 NOT NULL,
	"country" text,
	"state" text,
	"city" text,
	"line" smallint,
	"exit_type" text,
	"exit_id" bigint,
	"remark" text,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"rotation" boolean DEFAULT false NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxies_status_valid" CHECK ("proxies"."status" between 1 and 4),
	CONSTRAINT "proxies_switch_valid" CHECK ("proxies"."switch" in (5, 6))
);
--> statement-breakpoint
CREATE TABLE "proxy_usage_hourly" (
	"proxy_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxy_usage_hourly_proxy_id_hour_pk" PRIMARY KEY("proxy_id","hour")
);
--> statement-breakpoint
CREATE TABLE "usage_batches" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_exit_id_exits_id_fk" FOREIGN KEY ("exit_id") REFERENCES "public"."exits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_usage_hourly" ADD CONSTRAINT "proxy_usage_hourly_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exits_area_idx" ON "exits" USING btree ("country","state","city");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_public_id_key" ON "proxies" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_username_key" ON "proxies" USING btree ("username");--> statement-breakpoint
CREATE INDEX "proxies_user_idx" ON "proxies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_exit_lease_key" ON "proxies" USING btree ("exit_id") WHERE "proxies"."exit_id" is not null and "proxies"."deleted_at" is null and "proxies"."status" <> 2;--> statement-breakpoint
CREATE INDEX "proxy_usage_hourly_hour_idx" ON "proxy_usage_hourly" USING btree ("hour");