CREATE TABLE "challenge_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"type" text NOT NULL,
	"part" text NOT NULL,
	"level" text,
	"item_id" text,
	"score" real,
	"answer" jsonb,
	"recording_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "is_recruit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "is_trainee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "trainee_status" text DEFAULT 'NotInvited' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "sent_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "test" jsonb;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "results_blob" jsonb;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "result_cefr" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reading_result_score" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reading_comprehension_cefr" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reading_comprehension_result_score" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "test_content" jsonb;--> statement-breakpoint
ALTER TABLE "challenge_activities" ADD CONSTRAINT "challenge_activities_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_activities_key_idx" ON "challenge_activities" USING btree ("challenge_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_activities_item_idx" ON "challenge_activities" USING btree ("challenge_id","part","item_id");--> statement-breakpoint
CREATE INDEX "challenge_activities_challenge_idx" ON "challenge_activities" USING btree ("challenge_id","created_at");--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_sent_by_admin_id_admins_id_fk" FOREIGN KEY ("sent_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_org_email_idx" ON "candidates" USING btree ("org_id","email");--> statement-breakpoint
CREATE INDEX "challenges_org_idx" ON "challenges" USING btree ("org_id");