-- Nothing finds a list's entries by castaway or season alone (every read goes
-- by owner and list), and every save wrote ten entries into this index
-- (docs/performance.md, "One index fewer on list entries").
DROP INDEX IF EXISTS "list_items_item_idx";
--> statement-breakpoint
-- As in migration 0013, but an entry that keeps its castaway or season at its
-- place is left as it is: a reorder rewrites only the places that changed.
CREATE OR REPLACE FUNCTION write_list_items(p_user text, p_list text, p_ids text[])
RETURNS void
LANGUAGE sql
AS $$
  WITH entries AS (
    INSERT INTO list_items (user_id, list_id, position, item_id)
    SELECT p_user, p_list, e.n - 1, e.item_id
    FROM unnest(p_ids) WITH ORDINALITY AS e(item_id, n)
    ON CONFLICT (user_id, list_id, position) DO UPDATE SET item_id = excluded.item_id
      WHERE list_items.item_id IS DISTINCT FROM excluded.item_id
  )
  DELETE FROM list_items WHERE user_id = p_user AND list_id = p_list AND position >= cardinality(p_ids);
$$;
