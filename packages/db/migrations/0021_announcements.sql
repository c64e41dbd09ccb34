CREATE TABLE "announcement_states" (
	"user_id" bigint NOT NULL,
	"announcement_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_states_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"title_en" text,
	"body_en" text,
	"title_zh" text,
	"body_zh" text,
	"title_ru" text,
	"body_ru" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_one_language" CHECK ("announcements"."title_en" is not null or "announcements"."title_zh" is not null or "announcements"."title_ru" is not null),
	CONSTRAINT "announcements_language_pairs" CHECK (("announcements"."title_en" is null) = ("announcements"."body_en" is null) and ("announcements"."title_zh" is null) = ("announcements"."body_zh" is null) and ("announcements"."title_ru" is null) = ("announcements"."body_ru" is null)),
	CONSTRAINT "announcements_title_length" CHECK (char_length("announcements"."title_en") between 1 and 200 and char_length("announcements"."title_zh") between 1 and 200 and char_length("announcements"."title_ru") between 1 and 200),
	CONSTRAINT "announcements_body_length" CHECK (char_length("announcements"."body_en") between 1 and 5000 and char_length("announcements"."body_zh") between 1 and 5000 and char_length("announcements"."body_ru") between 1 and 5000),
	CONSTRAINT "announcements_window_order" CHECK ("announcements"."ends_at" is null or "announcements"."ends_at" > "announcements"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "announcement_states" ADD CONSTRAINT "announcement_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_states" ADD CONSTRAINT "announcement_states_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_states_announcement_idx" ON "announcement_states" USING btree ("announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_public_id_key" ON "announcements" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "announcements_window_idx" ON "announcements" USING btree ("starts_at","ends_at");