CREATE TABLE "qa_answer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"answer" text NOT NULL,
	"automatic_answer" text NOT NULL,
	"comment" text,
	"admin_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "override_answer" text;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "override_flag_level" text;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "overridden_by" uuid;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "qa_answer_events" ADD CONSTRAINT "qa_answer_events_item_id_qa_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."qa_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answer_events" ADD CONSTRAINT "qa_answer_events_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answer_events" ADD CONSTRAINT "qa_answer_events_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answer_events" ADD CONSTRAINT "qa_answer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_answer_events_answer_idx" ON "qa_answer_events" USING btree ("item_id","question_id","seq");--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_overridden_by_admins_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;