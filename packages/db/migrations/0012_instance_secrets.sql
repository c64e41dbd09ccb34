CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_secrets_length" CHECK (octet_length("instance_secrets"."secret") >= 32)
);
