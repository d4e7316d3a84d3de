CREATE TABLE "session_cutoffs" (
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	CONSTRAINT "session_cutoffs_subject_kind_subject_id_pk" PRIMARY KEY("subject_kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "family_id" uuid;--> statement-breakpoint
CREATE INDEX "session_cutoffs_not_before_idx" ON "session_cutoffs" USING btree ("not_before");--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("revoked_at");