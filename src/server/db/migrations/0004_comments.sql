CREATE TABLE "comment_votes" (
	"comment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id"),
	CONSTRAINT "comment_votes_value" CHECK ("comment_votes"."value" IN (1, -1))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"list_user_id" text,
	"list_id" text,
	"category_id" text,
	"author_id" text NOT NULL,
	"parent_id" text,
	"reply_to_user_id" text,
	"text" text NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_target" CHECK (("comments"."list_id" IS NOT NULL AND "comments"."list_user_id" IS NOT NULL AND "comments"."category_id" IS NULL) OR ("comments"."list_id" IS NULL AND "comments"."list_user_id" IS NULL AND "comments"."category_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_user_id_user_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_list_user_id_list_id_lists_user_id_id_fk" FOREIGN KEY ("list_user_id","list_id") REFERENCES "public"."lists"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_votes_user_idx" ON "comment_votes" USING btree ("user_id","comment_id");--> statement-breakpoint
CREATE INDEX "comments_list_idx" ON "comments" USING btree ("list_user_id","list_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_category_idx" ON "comments" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
-- Toggling a like off and on used to notify again: keep the newest of each.
DELETE FROM "notifications" n USING "notifications" newer
WHERE n."type" IN ('list_like', 'comment_like') AND newer."type" = n."type"
  AND newer."actor_id" IS NOT DISTINCT FROM n."actor_id"
  AND coalesce(newer."list_user_id", '') = coalesce(n."list_user_id", '')
  AND coalesce(newer."list_id", '') = coalesce(n."list_id", '')
  AND coalesce(newer."comment_id", '') = coalesce(n."comment_id", '')
  AND (newer."created_at", newer."id") > (n."created_at", n."id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_like_once_idx" ON "notifications" USING btree ("type","actor_id",coalesce("list_user_id", ''),coalesce("list_id", ''),coalesce("comment_id", '')) WHERE "notifications"."type" IN ('list_like', 'comment_like');--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("list_user_id","list_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");