CREATE TABLE "public_list_counts" (
	"kind" text PRIMARY KEY NOT NULL,
	"lists" bigint NOT NULL
);
--> statement-breakpoint
-- Browse's count of every public list (of one kind, or all) reads these rows
-- (browse.service.ts); before, it scanned the lists (decision 024).
-- Kept here, in the transaction of the write, whatever made it: a save, an
-- account's removal cascading to its lists, a restore. Inserts and deletes
-- are counted once a statement (a seed of thousands of rows updates a row
-- once, not once per list); kinds are added in their order, so two writers
-- lock the rows in the same order.
INSERT INTO "public_list_counts" ("kind", "lists")
SELECT coalesce("kind", ''), count(*) FROM "lists" WHERE "is_public" GROUP BY 1;
--> statement-breakpoint
-- One function for both: the statement's rows are `written_lists` in each.
CREATE FUNCTION count_public_lists_written() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO public_list_counts AS c (kind, lists)
  SELECT coalesce(kind, ''), CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*)
  FROM written_lists WHERE is_public GROUP BY 1 ORDER BY 1
  ON CONFLICT (kind) DO UPDATE SET lists = c.lists + excluded.lists;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lists_count_inserted AFTER INSERT ON lists
REFERENCING NEW TABLE AS written_lists
FOR EACH STATEMENT EXECUTE FUNCTION count_public_lists_written();
--> statement-breakpoint
CREATE TRIGGER lists_count_deleted AFTER DELETE ON lists
REFERENCING OLD TABLE AS written_lists
FOR EACH STATEMENT EXECUTE FUNCTION count_public_lists_written();
--> statement-breakpoint
-- An update moves a list between counts only when its visibility or kind
-- changed; the WHEN clause keeps every other update (each save, each upvote)
-- from calling the function at all.
CREATE FUNCTION count_public_list_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO public_list_counts AS c (kind, lists)
  SELECT k, sum(d) FROM (VALUES
    (coalesce(OLD.kind, ''), CASE WHEN OLD.is_public THEN -1 ELSE 0 END),
    (coalesce(NEW.kind, ''), CASE WHEN NEW.is_public THEN 1 ELSE 0 END)
  ) AS v(k, d)
  GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT (kind) DO UPDATE SET lists = c.lists + excluded.lists;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lists_count_changed AFTER UPDATE OF is_public, kind ON lists
FOR EACH ROW
WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public OR OLD.kind IS DISTINCT FROM NEW.kind)
EXECUTE FUNCTION count_public_list_changed();
--> statement-breakpoint
CREATE FUNCTION count_public_lists_emptied() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM public_list_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lists_count_emptied AFTER TRUNCATE ON lists
FOR EACH STATEMENT EXECUTE FUNCTION count_public_lists_emptied();
