CREATE TABLE "credit_grants" (
	"user_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"package_bytes" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_user_id_holder_pk" PRIMARY KEY("user_id","holder"),
	CONSTRAINT "credit_grants_amounts_non_negative" CHECK ("credit_grants"."amount" >= 0 and "credit_grants"."package_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "accrued_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "accrued_package_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "accrued_cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_package_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_grants_holder_idx" ON "credit_grants" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "credit_grants_expiry_idx" ON "credit_grants" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_non_negative" CHECK ("users"."held" >= 0 and "users"."held_package_bytes" >= 0);