CREATE TABLE "daily_sign_ins" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"reward" bigint DEFAULT 0 NOT NULL,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "daily_sign_ins_reward_non_negative" CHECK ("daily_sign_ins"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"answers" jsonb,
	"lang" text,
	"client_ip" text,
	"submitted_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_responses_answers_size" CHECK ("questionnaire_responses"."answers" is null or octet_length("questionnaire_responses"."answers"::text) <= 16384),
	CONSTRAINT "questionnaire_responses_submitted" CHECK (("questionnaire_responses"."answers" is null) = ("questionnaire_responses"."submitted_at" is null))
);
--> statement-breakpoint
CREATE TABLE "reward_grants" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"phone" text,
	"client_ip" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_grants_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "reward_grants_amount_positive" CHECK ("reward_grants"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "daily_sign_ins" ADD CONSTRAINT "daily_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_sign_ins_client_ip_idx" ON "daily_sign_ins" USING btree ("client_ip","day");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_grants_kind_phone_key" ON "reward_grants" USING btree ("kind","phone") WHERE "reward_grants"."phone" is not null;--> statement-breakpoint
CREATE INDEX "reward_grants_client_ip_idx" ON "reward_grants" USING btree ("client_ip","created_at");