CREATE TABLE "account_addresses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"registration_ip" text,
	"registered_at" timestamp with time zone,
	"referrer_ip_at_registration" text,
	"last_sign_in_ip" text,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "account_addresses_ip_length" CHECK (char_length("account_addresses"."registration_ip") <= 64 and char_length("account_addresses"."referrer_ip_at_registration") <= 64 and char_length("account_addresses"."last_sign_in_ip") <= 64)
);
--> statement-breakpoint
ALTER TABLE "account_addresses" ADD CONSTRAINT "account_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;