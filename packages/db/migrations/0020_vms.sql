CREATE TABLE "vm_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL,
	"ru_name" text NOT NULL,
	"cpu" integer NOT NULL,
	"memory_mb" integer NOT NULL,
	"price_per_day" bigint NOT NULL,
	"price_30_days" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_configurations_names_length" CHECK (char_length("vm_configurations"."name") between 1 and 64 and char_length("vm_configurations"."en_name") between 1 and 64 and char_length("vm_configurations"."ru_name") between 1 and 64),
	CONSTRAINT "vm_configurations_cpu_range" CHECK ("vm_configurations"."cpu" between 1 and 64),
	CONSTRAINT "vm_configurations_memory_range" CHECK ("vm_configurations"."memory_mb" between 256 and 262144),
	CONSTRAINT "vm_configurations_prices_positive" CHECK ("vm_configurations"."price_per_day" > 0 and "vm_configurations"."price_30_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "vm_remote_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"vm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"area" text NOT NULL,
	"configuration_id" integer NOT NULL,
	"proxy_id" bigint,
	"days" integer NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"access_address" text,
	"access_username" text,
	"access_password" text,
	"failure_reason" text,
	"cost_total" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"work_lease_until" timestamp with time zone,
	"renew_notice_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vms_area_code" CHECK ("vms"."area" ~ '^[A-Z]{2}$'),
	CONSTRAINT "vms_days_range" CHECK ("vms"."days" between 1 and 3650),
	CONSTRAINT "vms_failure_reason_length" CHECK (char_length("vms"."failure_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "vm_remote_tickets" ADD CONSTRAINT "vm_remote_tickets_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_remote_tickets" ADD CONSTRAINT "vm_remote_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_configuration_id_vm_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."vm_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vm_remote_tickets_token_hash_key" ON "vm_remote_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "vm_remote_tickets_expiry_idx" ON "vm_remote_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "vm_remote_tickets_vm_idx" ON "vm_remote_tickets" USING btree ("vm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vms_public_id_key" ON "vms" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vms_one_creating_per_user" ON "vms" USING btree ("user_id") WHERE "vms"."status" = 'creating';--> statement-breakpoint
CREATE INDEX "vms_user_idx" ON "vms" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vms_expiry_idx" ON "vms" USING btree ("expires_at") WHERE "vms"."released_at" is null;--> statement-breakpoint
CREATE INDEX "vms_status_idx" ON "vms" USING btree ("status");--> statement-breakpoint
INSERT INTO "vm_configurations" ("id", "name", "en_name", "ru_name", "cpu", "memory_mb", "price_per_day", "price_30_days", "sort_order") VALUES
	(1, '基础型', 'Basic', 'Базовая', 1, 2048, 600000, 15000000, 1),
	(2, '标准型', 'Standard', 'Стандартная', 2, 4096, 1000000, 25000000, 2),
	(3, '高性能型', 'Performance', 'Производительная', 4, 8192, 1800000, 45000000, 3);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('vm_configurations', 'id'), 3);
