CREATE TABLE "drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"list_user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"favorited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_list_user_id_list_id_pk" PRIMARY KEY("user_id","list_user_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "list_items_user_id_list_id_position_pk" PRIMARY KEY("user_id","list_id","position")
);
--> statement-breakpoint
CREATE TABLE "list_upvotes" (
	"list_user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"voter_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_upvotes_list_user_id_list_id_voter_id_pk" PRIMARY KEY("list_user_id","list_id","voter_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"upvote_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"list_user_id" text,
	"list_id" text,
	"comment_id" text,
	"content" text,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_list_user_id_list_id_lists_user_id_id_fk" FOREIGN KEY ("list_user_id","list_id") REFERENCES "public"."lists"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_user_id_list_id_lists_user_id_id_fk" FOREIGN KEY ("user_id","list_id") REFERENCES "public"."lists"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_upvotes" ADD CONSTRAINT "list_upvotes_voter_id_user_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_upvotes" ADD CONSTRAINT "list_upvotes_list_user_id_list_id_lists_user_id_id_fk" FOREIGN KEY ("list_user_id","list_id") REFERENCES "public"."lists"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_id","favorited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "list_items_item_idx" ON "list_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "lists_created_idx" ON "lists" USING btree ("created_at" DESC NULLS LAST,"user_id","id");--> statement-breakpoint
CREATE INDEX "lists_votes_idx" ON "lists" USING btree ("upvote_count" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lists_updated_idx" ON "lists" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lists_tags_idx" ON "lists" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST);