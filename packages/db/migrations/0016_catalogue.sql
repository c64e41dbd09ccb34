CREATE TABLE "catalogue_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_settings_name_valid" CHECK ("catalogue_settings"."name" in ('top_up_packages', 'top_up_bonus', 'top_up_fees'))
);
