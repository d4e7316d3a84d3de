CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federated_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_subject_idx" ON "email_verification_tokens" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_issuer_subject_kind_idx" ON "federated_identities" USING btree ("issuer","subject","subject_kind");--> statement-breakpoint
CREATE INDEX "federated_identities_account_idx" ON "federated_identities" USING btree ("subject_kind","subject_id");--> statement-breakpoint
-- Existing accounts without a password were created by an identity provider's sign-up, which vouched
-- for the e-mail; accounts with a password never proved theirs and stay unverified (docs/decisions/020).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NULL;--> statement-breakpoint
UPDATE "admins" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NULL;
