CREATE TABLE "sub_user_grants" (
	"sub_user_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_user_grants_sub_user_id_holder_pk" PRIMARY KEY("sub_user_id","holder"),
	CONSTRAINT "sub_user_grants_amounts_non_negative" CHECK ("sub_user_grants"."bytes" >= 0 and "sub_user_grants"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sub_user_grants" ADD CONSTRAINT "sub_user_grants_sub_user_id_sub_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."sub_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_user_grants_holder_idx" ON "sub_user_grants" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "sub_user_grants_expiry_idx" ON "sub_user_grants" USING btree ("expires_at");