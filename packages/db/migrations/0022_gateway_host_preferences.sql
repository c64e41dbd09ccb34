CREATE TABLE "gateway_host_preferences" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_host_preferences_host_length" CHECK (char_length("gateway_host_preferences"."host") between 1 and 253)
);
--> statement-breakpoint
ALTER TABLE "gateway_host_preferences" ADD CONSTRAINT "gateway_host_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;