CREATE TABLE "prices" (
	"key" text PRIMARY KEY NOT NULL,
	"price" bigint NOT NULL,
	"unit" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_searches" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"by_area" integer DEFAULT 0 NOT NULL,
	"by_ip" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "static_searches_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "traffic_alarms" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"threshold_gb" integer NOT NULL,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"lang" text DEFAULT 'en-US' NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gb" integer NOT NULL,
	"price_per_gb" bigint NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"is_permanent" boolean DEFAULT true NOT NULL,
	"valid_days" integer,
	"max_per_user" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_pools" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"bytes_total" bigint NOT NULL,
	"bytes_used" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "is_static" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "generate_type" text DEFAULT 'by_area' NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "precision" text DEFAULT 'country' NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "session" text;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "renew_days" smallint;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "last_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "billed_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "billing_remainder" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "cost_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_generation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxy_exports" ADD CONSTRAINT "proxy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_searches" ADD CONSTRAINT "static_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_alarms" ADD CONSTRAINT "traffic_alarms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_pools" ADD CONSTRAINT "traffic_pools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_pools" ADD CONSTRAINT "traffic_pools_plan_id_traffic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."traffic_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_pools_user_idx" ON "traffic_pools" USING btree ("user_id","purchased_at");--> statement-breakpoint
CREATE INDEX "exits_ip_idx" ON "exits" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "proxies_list_idx" ON "proxies" USING btree ("user_id","family","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proxies_expiry_idx" ON "proxies" USING btree ("expires_at");