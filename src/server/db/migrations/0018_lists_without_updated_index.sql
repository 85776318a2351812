-- A member's lists (at most 500) are found by the primary key and sorted;
-- every upvote and save wrote an entry here (docs/performance.md, "One index fewer on lists").
DROP INDEX IF EXISTS "lists_updated_idx";
