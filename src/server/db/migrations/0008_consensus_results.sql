CREATE TABLE "consensus_results" (
	"key" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
