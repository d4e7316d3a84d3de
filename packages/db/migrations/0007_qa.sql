CREATE TABLE "qa_answers" (
	"item_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"flag_level" text NOT NULL,
	"confidence" real NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_by" text NOT NULL,
	"question_version" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_answers_item_id_question_id_pk" PRIMARY KEY("item_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "qa_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"agent_member_id" uuid NOT NULL,
	"source" text NOT NULL,
	"session_id" uuid,
	"title" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"object_key" text,
	"content_type" text,
	"size_bytes" bigint,
	"duration_seconds" real,
	"transcript_source" text,
	"transcript" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analysed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qa_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_set_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"object_key" text NOT NULL,
	"text" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"agent_member_id" uuid NOT NULL,
	"flag_level" text NOT NULL,
	"qc_at" timestamp with time zone NOT NULL,
	"is_reviewed" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_question_set_members" (
	"question_set_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_question_set_members_question_set_id_question_id_pk" PRIMARY KEY("question_set_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "qa_question_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"presentation_text" text NOT NULL,
	"purposes" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_true_good" boolean NOT NULL,
	"severity" text NOT NULL,
	"speaker" text DEFAULT 'AGENT' NOT NULL,
	"phrases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_item_id_qa_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."qa_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_calls" ADD CONSTRAINT "qa_calls_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_calls" ADD CONSTRAINT "qa_calls_agent_member_id_members_id_fk" FOREIGN KEY ("agent_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_calls" ADD CONSTRAINT "qa_calls_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_calls" ADD CONSTRAINT "qa_calls_uploaded_by_admins_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_documents" ADD CONSTRAINT "qa_documents_question_set_id_qa_question_sets_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."qa_question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_documents" ADD CONSTRAINT "qa_documents_uploaded_by_admins_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_call_id_qa_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."qa_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_agent_member_id_members_id_fk" FOREIGN KEY ("agent_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_question_set_members" ADD CONSTRAINT "qa_question_set_members_question_set_id_qa_question_sets_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."qa_question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_question_set_members" ADD CONSTRAINT "qa_question_set_members_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_question_sets" ADD CONSTRAINT "qa_question_sets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_answers_question_idx" ON "qa_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "qa_calls_org_occurred_idx" ON "qa_calls" USING btree ("org_id","occurred_at");--> statement-breakpoint
CREATE INDEX "qa_calls_agent_idx" ON "qa_calls" USING btree ("agent_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_calls_session_idx" ON "qa_calls" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "qa_documents_set_idx" ON "qa_documents" USING btree ("question_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_items_call_idx" ON "qa_items" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "qa_items_org_qc_idx" ON "qa_items" USING btree ("org_id","qc_at");--> statement-breakpoint
CREATE INDEX "qa_items_agent_idx" ON "qa_items" USING btree ("agent_member_id");--> statement-breakpoint
CREATE INDEX "qa_question_set_members_question_idx" ON "qa_question_set_members" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_question_sets_org_name_idx" ON "qa_question_sets" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "qa_questions_org_idx" ON "qa_questions" USING btree ("org_id");