CREATE TABLE "survey_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_versions_version_positive" CHECK ("survey_versions"."version" > 0),
	CONSTRAINT "survey_versions_questions_size" CHECK (octet_length("survey_versions"."questions"::text) <= 262144)
);
--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD COLUMN "survey_version" integer;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;