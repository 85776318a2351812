-- save_list (migration 0013) also answers when the list was created, in
-- milliseconds: a list that joins or leaves a filter then shifts only the
-- cached browse pages at or after its place in creation order, and the pages
-- before it keep their cards (afterListWrite in browse-caches.ts).
CREATE OR REPLACE FUNCTION save_list(
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
  SELECT jsonb_build_object('name', name, 'description', description, 'kind', kind, 'tags', tags,
    'isPublic', is_public, 'createdAtMs', floor(extract(epoch FROM created_at) * 1000))
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
