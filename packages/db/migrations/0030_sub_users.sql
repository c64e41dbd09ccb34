CREATE TABLE "sub_user_usage_daily" (
	"sub_user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_user_usage_daily_sub_user_id_day_pk" PRIMARY KEY("sub_user_id","day")
);
--> statement-breakpoint
CREATE TABLE "sub_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"traffic_limit_bytes" bigint,
	"spending_limit" bigint,
	"period" text DEFAULT 'month' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_users_name_length" CHECK (char_length("sub_users"."name") between 1 and 64),
	CONSTRAINT "sub_users_limits_valid" CHECK (("sub_users"."traffic_limit_bytes" is null or "sub_users"."traffic_limit_bytes" > 0) and ("sub_users"."spending_limit" is null or "sub_users"."spending_limit" > 0))
);
--> statement-breakpoint
ALTER TABLE "sub_user_usage_daily" ADD CONSTRAINT "sub_user_usage_daily_sub_user_id_sub_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."sub_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_users_proxy_key" ON "sub_users" USING btree ("proxy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_users_name_key" ON "sub_users" USING btree ("user_id","name") WHERE "sub_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sub_users_user_idx" ON "sub_users" USING btree ("user_id","created_at");