CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"season_number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total_submissions" integer DEFAULT 0 NOT NULL,
	"legacy_top10" jsonb,
	"legacy_total_votes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "categories_status" CHECK ("categories"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "category_scores" (
	"category_id" text NOT NULL,
	"castaway_id" text NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"first_place_votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_scores_category_id_castaway_id_pk" PRIMARY KEY("category_id","castaway_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"category_id" text NOT NULL,
	"user_id" text NOT NULL,
	"slots" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_category_id_user_id_pk" PRIMARY KEY("category_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "category_scores" ADD CONSTRAINT "category_scores_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_scores_rank_idx" ON "category_scores" USING btree ("category_id","total_score" DESC NULLS LAST,"first_place_votes" DESC NULLS LAST);