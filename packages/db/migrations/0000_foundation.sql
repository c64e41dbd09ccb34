CREATE TABLE "client_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"event" text NOT NULL,
	"page" text,
	"detail" jsonb,
	"lang" text,
	"tz" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"email" text,
	"phone" text,
	"username" text NOT NULL,
	"password_hash" text,
	"region" text DEFAULT 'overseas' NOT NULL,
	"plan" text DEFAULT 'personal' NOT NULL,
	"invite_code" text NOT NULL,
	"referrer_code" text,
	"is_tourist" boolean DEFAULT false NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"total_top_up" bigint DEFAULT 0 NOT NULL,
	"is_new_user" boolean DEFAULT true NOT NULL,
	"question_switch" boolean DEFAULT false NOT NULL,
	"show_questionnaire_windows" boolean DEFAULT false NOT NULL,
	"to_band_phone" boolean DEFAULT false NOT NULL,
	"has_gift" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_balance_non_negative" CHECK ("users"."balance" >= 0),
	CONSTRAINT "users_total_top_up_non_negative" CHECK ("users"."total_top_up" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_events" ADD CONSTRAINT "client_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_events_created_at_idx" ON "client_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_uid_key" ON "users" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_referrer_code_idx" ON "users" USING btree ("referrer_code");