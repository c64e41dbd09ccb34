CREATE TABLE "ip_allowlist_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_id" bigint NOT NULL,
	"network" "cidr" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_allowlist_entries_note_length" CHECK ("ip_allowlist_entries"."note" is null or char_length("ip_allowlist_entries"."note") <= 100)
);
--> statement-breakpoint
ALTER TABLE "ip_allowlist_entries" ADD CONSTRAINT "ip_allowlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_allowlist_entries" ADD CONSTRAINT "ip_allowlist_entries_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allowlist_entries_network_key" ON "ip_allowlist_entries" USING btree ("user_id","network");--> statement-breakpoint
CREATE INDEX "ip_allowlist_entries_user_idx" ON "ip_allowlist_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ip_allowlist_entries_proxy_idx" ON "ip_allowlist_entries" USING btree ("proxy_id");--> statement-breakpoint
CREATE INDEX "ip_allowlist_entries_network_overlap_idx" ON "ip_allowlist_entries" USING gist ("network" inet_ops);