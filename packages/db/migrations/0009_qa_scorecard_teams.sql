CREATE TABLE "qa_question_set_teams" (
	"question_set_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "qa_question_set_teams_question_set_id_team_id_pk" PRIMARY KEY("question_set_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "qa_question_set_teams" ADD CONSTRAINT "qa_question_set_teams_question_set_id_qa_question_sets_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."qa_question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_question_set_teams" ADD CONSTRAINT "qa_question_set_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_question_set_teams_team_idx" ON "qa_question_set_teams" USING btree ("team_id");