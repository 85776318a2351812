-- A list's entries become p_ids (lists.service.ts, writeItems): each
-- position set to its entry, positions past the last removed.
CREATE FUNCTION write_list_items(p_user text, p_list text, p_ids text[])
RETURNS void
LANGUAGE sql
AS $$
  WITH entries AS (
    INSERT INTO list_items (user_id, list_id, position, item_id)
    SELECT p_user, p_list, e.n - 1, e.item_id
    FROM unnest(p_ids) WITH ORDINALITY AS e(item_id, n)
    ON CONFLICT (user_id, list_id, position) DO UPDATE SET item_id = excluded.item_id
  )
  DELETE FROM list_items WHERE user_id = p_user AND list_id = p_list AND position >= cardinality(p_ids);
$$;
--> statement-breakpoint
-- A list saved over its old version in one call (updateList in
-- lists.service.ts): the list's row locked, what browse filters read of it
-- kept as it was, the row and its entries written. One round trip, and the
-- row's lock (which the list's upvotes wait for too) held only while the
-- database works; it was held across three round trips of a transaction
-- (docs/performance.md). The values come from the app as they are stored.
-- Answers the list's facts before the save, or null when there is no such list.
CREATE FUNCTION save_list(
  p_user text,
  p_list text,
  p_name text,
  p_description text,
  p_kind text,
  p_tags text[],
  p_ranking text,
  p_ids text[]
)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_before jsonb;
BEGIN
  SELECT jsonb_build_object('name', name, 'description', description, 'kind', kind, 'tags', tags, 'isPublic', is_public)
  INTO v_before
  FROM lists WHERE user_id = p_user AND id = p_list
  FOR UPDATE;
  IF v_before IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE lists SET
    name = p_name,
    description = p_description,
    kind = p_kind,
    tags = p_tags,
    item_count = cardinality(p_ids),
    ranking = p_ranking,
    is_public = true,
    updated_at = now()
  WHERE user_id = p_user AND id = p_list;
  -- Its own statement, after the lock: it sees the entries of every save
  -- committed before the lock was granted.
  PERFORM write_list_items(p_user, p_list, p_ids);
  RETURN v_before;
END
$$;
