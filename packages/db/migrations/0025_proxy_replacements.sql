CREATE TABLE "proxy_replacements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"old_exit_id" bigint,
	"new_exit_id" bigint NOT NULL,
	"old_ip" text,
	"new_ip" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxy_replacements_request_id_length" CHECK (char_length("proxy_replacements"."request_id") between 1 and 64),
	CONSTRAINT "proxy_replacements_note_length" CHECK ("proxy_replacements"."note" is null or char_length("proxy_replacements"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_amount_non_zero";--> statement-breakpoint
ALTER TABLE "exits" ADD COLUMN "quarantined_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_old_exit_id_exits_id_fk" FOREIGN KEY ("old_exit_id") REFERENCES "public"."exits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_new_exit_id_exits_id_fk" FOREIGN KEY ("new_exit_id") REFERENCES "public"."exits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_replacements_request_key" ON "proxy_replacements" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "proxy_replacements_proxy_idx" ON "proxy_replacements" USING btree ("proxy_id","created_at");--> statement-breakpoint
CREATE INDEX "proxy_replacements_user_idx" ON "proxy_replacements" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("ledger_entries"."amount" <> 0 or "ledger_entries"."kind" = 'replacement');