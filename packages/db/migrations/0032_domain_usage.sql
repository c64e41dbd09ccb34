CREATE TABLE "domain_usage_hourly" (
	"proxy_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"user_id" bigint NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "domain_usage_hourly_proxy_id_hour_domain_pk" PRIMARY KEY("proxy_id","hour","domain"),
	CONSTRAINT "domain_usage_hourly_domain_length" CHECK (char_length("domain_usage_hourly"."domain") between 1 and 253)
);
--> statement-breakpoint
CREATE TABLE "domain_usage_opt_outs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_usage_hourly" ADD CONSTRAINT "domain_usage_hourly_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_usage_hourly" ADD CONSTRAINT "domain_usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_usage_opt_outs" ADD CONSTRAINT "domain_usage_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_usage_hourly_user_idx" ON "domain_usage_hourly" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "domain_usage_hourly_hour_idx" ON "domain_usage_hourly" USING btree ("hour");