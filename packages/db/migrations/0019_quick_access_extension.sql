CREATE TABLE "extension_pairings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "extension_pairings_label_length" CHECK (char_length("extension_pairings"."label") <= 64)
);
--> statement-breakpoint
CREATE TABLE "quick_access_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_id" bigint NOT NULL,
	"url" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_access_entries_url_length" CHECK (char_length("quick_access_entries"."url") between 1 and 2048),
	CONSTRAINT "quick_access_entries_remark_length" CHECK (char_length("quick_access_entries"."remark") <= 200)
);
--> statement-breakpoint
ALTER TABLE "extension_pairings" ADD CONSTRAINT "extension_pairings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_pairings" ADD CONSTRAINT "extension_pairings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_access_entries" ADD CONSTRAINT "quick_access_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_access_entries" ADD CONSTRAINT "quick_access_entries_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extension_pairings_public_id_key" ON "extension_pairings" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extension_pairings_token_hash_key" ON "extension_pairings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "extension_pairings_user_idx" ON "extension_pairings" USING btree ("user_id","created_at") WHERE "extension_pairings"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "extension_pairings_session_idx" ON "extension_pairings" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_access_entries_public_id_key" ON "quick_access_entries" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "quick_access_entries_user_idx" ON "quick_access_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quick_access_entries_proxy_idx" ON "quick_access_entries" USING btree ("proxy_id");