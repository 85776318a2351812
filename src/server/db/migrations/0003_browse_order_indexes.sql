DROP INDEX "lists_created_idx";--> statement-breakpoint
DROP INDEX "lists_votes_idx";--> statement-breakpoint
CREATE INDEX "lists_created_idx" ON "lists" USING btree ("created_at","user_id","id");--> statement-breakpoint
CREATE INDEX "lists_votes_idx" ON "lists" USING btree ("upvote_count","created_at","user_id","id");